-- name: options
select season, game_type from season_pitching group by season, game_type
order by season desc, case when game_type = 'R' then 0 else 1 end, game_type

-- name: era_leaders
select person_id, full_name, team_abbreviation, games, games_started, wins, losses, ip, so, era, whip
from season_pitching
where season = :season and game_type = :game_type
  and outs >= 3 * (select max(games) from season_batting where season = :season and game_type = :game_type)
order by era nulls last, outs desc, person_id
limit 20

-- name: so_leaders
select person_id, full_name, team_abbreviation, ip, so, k_per_9, bb_per_9
from season_pitching
where season = :season and game_type = :game_type
order by so desc nulls last, outs, person_id
limit 20
