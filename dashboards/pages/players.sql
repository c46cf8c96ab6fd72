-- name: options
select season, game_type from season_batting group by season, game_type
order by season desc, case when game_type = 'R' then 0 else 1 end, game_type

-- name: batters
select person_id, full_name, team_abbreviation, pa, ops from season_batting
where season = :season and game_type = :game_type order by pa desc nulls last, person_id limit 400

-- name: pitchers
select person_id, full_name, team_abbreviation, ip, era from season_pitching
where season = :season and game_type = :game_type order by outs desc nulls last, person_id limit 300
