-- Weeks and days are whole days since 1970-01-01 (UTC): the same integer on PostgreSQL and DuckDB,
-- whatever either's time zone; a date is shown by its label.

-- name: options
-- Each week with changes (newest first), and for it the days it spans: the as-of instant is the
-- start (00:00 UTC) of the day, so a week's Monday (the default) is before that week's changes.
with weeks as (
  select week_start, cast(week_start - date '1970-01-01' as integer) as week from scoring_changes_weekly group by week_start
), days as (
  select 0 as k union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6
)
select w.week, 'week of ' || cast(w.week_start as varchar) as week_label,
       w.week + d.k as as_of, 'start of ' || cast(w.week_start + d.k as varchar) || ' (UTC)' as as_of_label
from weeks w cross join days d
order by w.week desc, d.k

-- name: summary
select count(*) as changes, count(distinct c.game_pk) as games, count(distinct c.person_id) as players,
       count(distinct c.kind || '/' || cast(c.game_pk as varchar) || '/' || cast(c.after_revision as varchar)) as revisions
from scoring_changes c
where extract(epoch from c.after_fetched_at) >= :week * 86400 and extract(epoch from c.after_fetched_at) < (:week + 7) * 86400

-- name: by_fact
select fact, sum(changes) as changes, sum(games) as games, sum(players) as players
from scoring_changes_weekly
where cast(week_start - date '1970-01-01' as integer) = :week
group by fact
order by sum(changes) desc, fact

-- name: changes
select c.game_pk, g.official_date,
       coalesce(ta.abbreviation, cast(g.away_team_id as varchar)) || ' @ ' || coalesce(th.abbreviation, cast(g.home_team_id as varchar)) as game,
       c.at_bat_index,
       case when pl.inning is null then null else pl.half_inning || ' ' || cast(pl.inning as varchar) end as inning,
       c.person_id, p.full_name, c.fact, c.before, c.after, c.before_fetched_at, c.after_fetched_at
from scoring_changes c
join games g on g.game_pk = c.game_pk
left join teams ta on ta.team_id = g.away_team_id
left join teams th on th.team_id = g.home_team_id
left join plays pl on pl.game_pk = c.game_pk and pl.at_bat_index = c.at_bat_index
left join people p on p.person_id = c.person_id
where extract(epoch from c.after_fetched_at) >= :week * 86400 and extract(epoch from c.after_fetched_at) < (:week + 7) * 86400
order by c.after_fetched_at desc, c.game_pk, c.at_bat_index nulls first, c.fact, c.person_id nulls first, c.team_id nulls first
limit 200

-- name: leaders_then
-- only: postgres
-- Season batting leaders (OPS; 3.1 PA per game of the club that played most) as the warehouse stood
-- at the start of the chosen day: analytics.season_batting_as_of. On the Parquet export,
-- leaders_then_parquet computes the same from the exported history.
with s as (
  select max(season) as season from scoring_changes_weekly where cast(week_start - date '1970-01-01' as integer) = :week
), b as (
  select a.* from season_batting_as_of(to_timestamp(:as_of * 86400)) a, s where a.season = s.season and a.game_type = 'R'
)
select person_id, full_name, games, pa, h, hr, rbi, avg, obp, slg, ops
from b
where pa >= 3.1 * (select max(games) from b)
order by ops desc nulls last, pa desc, person_id
limit 10

-- name: leaders_then_parquet
-- only: parquet
-- for: leaders_then
-- analytics.season_batting_as_of (a PostgreSQL function) written over mlb.batting_lines_history:
-- the versions in force at the instant (valid_from <= t < valid_to), summed per player and club.
with s as (
  select max(season) as season from scoring_changes_weekly where cast(week_start - date '1970-01-01' as integer) = :week
), v as (
  select h.* from batting_lines_history h, s
  where h.season = s.season and h.game_type = 'R'
    and extract(epoch from h.valid_from) <= :as_of * 86400
    and (h.valid_to is null or extract(epoch from h.valid_to) > :as_of * 86400)
), b as (
  select v.person_id, max(p.full_name) as full_name, v.team_id, count(distinct v.game_pk) as games,
         sum(v.plate_appearances) as pa, sum(v.at_bats) as ab, sum(v.hits) as h, sum(v.home_runs) as hr,
         sum(v.rbi) as rbi, sum(v.base_on_balls) as bb, sum(v.hit_by_pitch) as hbp, sum(v.sac_flies) as sf,
         sum(v.total_bases) as tb
  from v left join people p on p.person_id = v.person_id
  group by v.person_id, v.team_id
), r as (
  select person_id, full_name, games, pa, h, hr, rbi,
         round(cast(h as decimal(18, 6)) / nullif(ab, 0), 3) as avg,
         round(cast(h + bb + hbp as decimal(18, 6)) / nullif(ab + bb + hbp + sf, 0), 3) as obp,
         round(cast(tb as decimal(18, 6)) / nullif(ab, 0), 3) as slg,
         round(cast(h + bb + hbp as decimal(18, 6)) / nullif(ab + bb + hbp + sf, 0) + cast(tb as decimal(18, 6)) / nullif(ab, 0), 3) as ops
  from b
)
select person_id, full_name, games, pa, h, hr, rbi, avg, obp, slg, ops
from r
where pa >= 3.1 * (select max(games) from r)
order by ops desc nulls last, pa desc, person_id
limit 10

-- name: leaders_now
-- The same leaders from the versions in force now (valid_to null): the current lines.
with s as (
  select max(season) as season from scoring_changes_weekly where cast(week_start - date '1970-01-01' as integer) = :week
), v as (
  select h.* from batting_lines_history h, s
  where h.season = s.season and h.game_type = 'R' and h.valid_to is null
), b as (
  select v.person_id, max(p.full_name) as full_name, v.team_id, count(distinct v.game_pk) as games,
         sum(v.plate_appearances) as pa, sum(v.at_bats) as ab, sum(v.hits) as h, sum(v.home_runs) as hr,
         sum(v.rbi) as rbi, sum(v.base_on_balls) as bb, sum(v.hit_by_pitch) as hbp, sum(v.sac_flies) as sf,
         sum(v.total_bases) as tb
  from v left join people p on p.person_id = v.person_id
  group by v.person_id, v.team_id
), r as (
  select person_id, full_name, games, pa, h, hr, rbi,
         round(cast(h as decimal(18, 6)) / nullif(ab, 0), 3) as avg,
         round(cast(h + bb + hbp as decimal(18, 6)) / nullif(ab + bb + hbp + sf, 0), 3) as obp,
         round(cast(tb as decimal(18, 6)) / nullif(ab, 0), 3) as slg,
         round(cast(h + bb + hbp as decimal(18, 6)) / nullif(ab + bb + hbp + sf, 0) + cast(tb as decimal(18, 6)) / nullif(ab, 0), 3) as ops
  from b
)
select person_id, full_name, games, pa, h, hr, rbi, avg, obp, slg, ops
from r
where pa >= 3.1 * (select max(games) from r)
order by ops desc nulls last, pa desc, person_id
limit 10
