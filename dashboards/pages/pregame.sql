-- name: pregame
select p.official_date, ta.abbreviation as away, pa.full_name as away_probable, p.away_probable_started,
       th.abbreviation as home, ph.full_name as home_probable, p.home_probable_started,
       coalesce(p.away_lineup_changes, 0) + coalesce(p.home_lineup_changes, 0) as lineup_changes,
       p.umpires_changed,
       concat_ws(' ', p.forecast_condition, cast(p.forecast_temperature as varchar) || '°F') as forecast,
       concat_ws(' ', p.recorded_condition, cast(p.recorded_temperature as varchar) || '°F') as recorded
from pregame p
left join teams ta on ta.team_id = p.away_team_id
left join teams th on th.team_id = p.home_team_id
left join people pa on pa.person_id = p.away_probable_id
left join people ph on ph.person_id = p.home_probable_id
order by p.official_date desc, p.game_pk
limit 30

-- name: injured
select team_name, person_id, full_name, il_days, start_date, days, injury
from injured_list where still_on
order by team_name, start_date, full_name
limit 200
