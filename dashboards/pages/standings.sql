-- name: options
select season from standings group by season order by season desc

-- name: standings
with latest as (
  select max(as_of_date) as d from standings where season = :season
), runs as (
  select team_id, sum(runs_for) as rs, sum(runs_against) as ra
  from team_game_results where season = :season and game_type = 'R' group by team_id
)
select s.division_name, s.team_id, s.team_name, s.team_abbreviation, s.wins, s.losses, s.pct, s.games_back,
       coalesce(r.rs, 0) as runs_scored, coalesce(r.ra, 0) as runs_allowed,
       coalesce(r.rs, 0) - coalesce(r.ra, 0) as run_differential,
       case when coalesce(r.rs, 0) + coalesce(r.ra, 0) > 0
            then cast(round((s.wins + s.losses) * power(r.rs, 2) / (power(r.rs, 2) + power(r.ra, 2))) as integer) end as pythag_wins,
       case when coalesce(r.rs, 0) + coalesce(r.ra, 0) > 0
            then s.wins + s.losses - cast(round((s.wins + s.losses) * power(r.rs, 2) / (power(r.rs, 2) + power(r.ra, 2))) as integer) end as pythag_losses,
       s.as_of_date
from standings s
join latest on s.as_of_date = latest.d
left join runs r on r.team_id = s.team_id
where s.season = :season
order by s.division_name, s.games_back, s.pct desc nulls last, s.team_id
