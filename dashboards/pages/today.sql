-- name: live
-- only: postgres
select l.coded_game_state as state, ta.name as away, l.away_score, th.name as home, l.home_score, l.inning,
       l.inning_half as half, l.outs, l.balls || '-' || l.strikes as count,
       concat_ws(' ', case when l.on_1b is not null then '1B' end, case when l.on_2b is not null then '2B' end,
                 case when l.on_3b is not null then '3B' end) as runners,
       l.last_play, l.feed_timecode
from live_games l join games g using (game_pk)
left join teams ta on ta.team_id = g.away_team_id left join teams th on th.team_id = g.home_team_id
order by g.game_date, l.game_pk

-- name: scoreboard
select g.official_date, ta.name as away, g.away_score, th.name as home, g.home_score, g.detailed_state,
       v.name as venue, g.attendance
from games g
left join teams ta on ta.team_id = g.away_team_id
left join teams th on th.team_id = g.home_team_id
left join venues v on v.venue_id = g.venue_id
where g.sport_id = 1
  and g.official_date = (select max(official_date) from games where sport_id = 1 and coded_game_state in ('F', 'O', 'I'))
order by g.game_date, g.game_pk
