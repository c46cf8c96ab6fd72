-- name: options
select season from games where sport_id = 1 and coded_game_state in ('F', 'O') group by season order by season desc

-- name: club_reviews
select coalesce(t.name, cast(r.team_id as varchar)) as team_name, sum(r.reviews) as reviews, sum(r.overturned) as overturned,
       round(cast(sum(r.overturned) * 1.0 / nullif(sum(r.reviews), 0) as numeric), 3) as overturned_rate
from team_reviews r left join teams t on t.team_id = r.team_id
where r.season = :season and r.team_id is not null and r.review_type <> 'MJ'
group by 1 order by reviews desc nulls last, team_name

-- name: abs_by_club
select coalesce(t.name, cast(r.team_id as varchar)) as team_name, r.reviews, r.overturned, r.overturned_rate,
       r.abs_by_batters, r.abs_by_pitchers, r.abs_by_catchers
from team_reviews r left join teams t on t.team_id = r.team_id
where r.season = :season and r.team_id is not null and r.review_type = 'MJ'
order by r.reviews desc nulls last, team_name

-- name: abs_games
select g.official_date, coalesce(t.name, cast(a.team_id as varchar)) as team_name, a.side, a.used_successful, a.used_failed, a.remaining
from abs_challenges a join games g on g.game_pk = a.game_pk left join teams t on t.team_id = a.team_id
where g.season = :season
order by g.official_date desc, a.game_pk desc, a.side
limit 50
