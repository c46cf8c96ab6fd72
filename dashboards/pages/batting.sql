-- name: options
select season, game_type from season_batting group by season, game_type
order by season desc, case when game_type = 'R' then 0 else 1 end, game_type

-- name: ops_leaders
select person_id, full_name, team_abbreviation, games, pa, h, hr, rbi, avg, obp, slg, ops
from season_batting
where season = :season and game_type = :game_type
  and pa >= 3.1 * (select max(games) from season_batting where season = :season and game_type = :game_type)
order by ops desc nulls last, pa desc, person_id
limit 20

-- name: hr_leaders
select person_id, full_name, team_abbreviation, pa, hr, rbi, sb, ops
from season_batting
where season = :season and game_type = :game_type
order by hr desc nulls last, rbi desc nulls last, pa desc, person_id
limit 20
