-- name: options
select person_id from season_batting order by season desc, pa desc nulls last, person_id limit 1

-- name: person
select person_id, full_name, primary_position, bat_side, pitch_hand, birth_date, birth_city, birth_country,
       height, weight, mlb_debut_date, primary_number
from people where person_id = :person_id

-- name: ids
select key_retro, key_bbref, key_fangraphs, key_bbref_minors, key_wikidata, mlb_played_first, mlb_played_last
from people_ids where person_id = :person_id and key_uuid is not null

-- name: batting_seasons
select season, game_type, team_abbreviation, games, pa, ab, h, doubles, triples, hr, rbi, bb, so, avg, obp, slg, ops
from season_batting where person_id = :person_id and pa > 0
order by season, case when game_type = 'R' then 0 else 1 end, game_type, team_abbreviation

-- name: pitching_seasons
select season, game_type, team_abbreviation, games, games_started, wins, losses, saves, ip, h, er, bb, so, era, whip
from season_pitching where person_id = :person_id
order by season, case when game_type = 'R' then 0 else 1 end, game_type, team_abbreviation

-- name: rolling_ops
with g as (
  select official_date, game_pk, at_bats, hits, base_on_balls, hit_by_pitch, sac_flies, total_bases
  from batting_game_logs
  where person_id = :person_id and is_over and plate_appearances > 0
    and season = (select max(season) from batting_game_logs where person_id = :person_id)
), w as (
  select official_date, game_pk,
         sum(at_bats) over last7 as ab, sum(hits) over last7 as h, sum(base_on_balls) over last7 as bb,
         sum(hit_by_pitch) over last7 as hbp, sum(sac_flies) over last7 as sf, sum(total_bases) over last7 as tb
  from g
  window last7 as (order by official_date, game_pk rows between 6 preceding and current row)
)
select official_date, game_pk,
       round(cast(case when ab + bb + hbp + sf > 0 then (h + bb + hbp) * 1.0 / (ab + bb + hbp + sf) else 0 end
                + case when ab > 0 then tb * 1.0 / ab else 0 end as numeric), 3) as rolling_ops
from w order by official_date, game_pk

-- name: called_pitches
select plate_x, plate_z, call_code, pitch_type
from pitch_events
where pitcher_id = :person_id and call_code in ('B', 'C') and plate_x is not null and plate_z is not null
  and season = (select max(season) from pitch_events where pitcher_id = :person_id)
order by game_pk, at_bat_index, play_event_index
limit 3000

-- name: batting_log
select b.official_date, coalesce(t.abbreviation, cast(b.opponent_id as varchar)) as opponent, b.position,
       b.plate_appearances, b.at_bats, b.runs, b.hits, b.home_runs, b.rbi, b.base_on_balls, b.strike_outs
from batting_game_logs b left join teams t on t.team_id = b.opponent_id
where b.person_id = :person_id and b.plate_appearances > 0
order by b.official_date desc, b.game_pk desc limit 15

-- name: pitching_log
select p.official_date, coalesce(t.abbreviation, cast(p.opponent_id as varchar)) as opponent, p.decision,
       p.innings_pitched, p.hits, p.earned_runs, p.base_on_balls, p.strike_outs, p.pitches
from pitching_game_logs p left join teams t on t.team_id = p.opponent_id
where p.person_id = :person_id
order by p.official_date desc, p.game_pk desc limit 15
