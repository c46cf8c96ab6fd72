-- name: options
with firsts as (
  select year, pick_round, min(pick_number) as first_pick from draft_picks group by year, pick_round
), rounds as (
  select year, pick_round, row_number() over (partition by year order by first_pick) as round_no from firsts
)
select year, 0 as round, 'Every round' as round_label, 0 as team_id, 'Every club' as team_id_label, 0 as sort_kind, '' as sort_name
from draft_picks group by year
union all
select year, round_no, 'Round ' || coalesce(pick_round, '?'), 0, 'Every club', 1, ''
from rounds
union all
select d.year, 0, 'Every round', d.team_id, coalesce(t.name, d.team_name, cast(d.team_id as varchar)), 2,
       coalesce(t.name, d.team_name, cast(d.team_id as varchar))
from draft_picks d left join teams t on t.team_id = d.team_id
where d.team_id is not null
group by d.year, d.team_id, t.name, d.team_name
order by year desc, sort_kind, round, sort_name

-- name: summary
with rounds as (
  select pick_round, row_number() over (order by min(pick_number)) as round_no
  from draft_picks where year = :year group by pick_round
)
select count(*) as picks, count(d.signing_bonus) as signed,
       sum(d.signing_bonus) as bonuses, sum(case when d.signing_bonus is not null then d.pick_value end) as slots_of_signed,
       sum(case when d.signing_bonus > d.pick_value then 1 else 0 end) as over_slot
from draft_picks d join rounds r on r.pick_round is not distinct from d.pick_round
where d.year = :year and (:round = 0 or r.round_no = :round) and (:team_id = 0 or d.team_id = :team_id)

-- name: picks
with rounds as (
  select pick_round, row_number() over (order by min(pick_number)) as round_no
  from draft_picks where year = :year group by pick_round
)
select d.pick_number, d.pick_round, d.round_pick_number, coalesce(t.name, d.team_name) as club, d.person_name,
       d.primary_position, d.school_name, d.school_class, d.rank, d.pick_value, d.signing_bonus,
       d.signing_bonus - d.pick_value as bonus_less_slot
from draft_picks d join rounds r on r.pick_round is not distinct from d.pick_round
left join teams t on t.team_id = d.team_id
where d.year = :year and (:round = 0 or r.round_no = :round) and (:team_id = 0 or d.team_id = :team_id)
order by d.pick_number
limit 1000

-- name: bonus_vs_slot
with rounds as (
  select pick_round, row_number() over (order by min(pick_number)) as round_no
  from draft_picks where year = :year group by pick_round
)
select d.pick_number, round(cast(d.pick_value as numeric) / 1000, 1) as slot_k, round(cast(d.signing_bonus as numeric) / 1000, 1) as bonus_k
from draft_picks d join rounds r on r.pick_round is not distinct from d.pick_round
where d.year = :year and (:round = 0 or r.round_no = :round) and (:team_id = 0 or d.team_id = :team_id)
  and d.pick_value is not null and d.signing_bonus is not null
order by d.pick_number

-- name: by_club
with rounds as (
  select pick_round, row_number() over (order by min(pick_number)) as round_no
  from draft_picks where year = :year group by pick_round
)
select coalesce(t.name, d.team_name, cast(d.team_id as varchar)) as club, count(*) as picks, count(d.signing_bonus) as signed,
       sum(d.pick_value) as pool, sum(d.signing_bonus) as bonuses,
       sum(case when d.signing_bonus is not null then d.signing_bonus - coalesce(d.pick_value, 0) end) as bonuses_less_slots
from draft_picks d join rounds r on r.pick_round is not distinct from d.pick_round
left join teams t on t.team_id = d.team_id
where d.year = :year and (:round = 0 or r.round_no = :round) and (:team_id = 0 or d.team_id = :team_id)
group by 1
order by pool desc nulls last, club
