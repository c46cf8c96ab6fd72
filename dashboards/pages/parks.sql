-- name: options
select season from venue_field_info group by season order by season desc

-- name: fields
select f.name, f.valid_from_season, f.valid_to_season, f.capacity, f.roof_type, f.turf_type,
       f.left_line, f.left_center, f.center, f.right_center, f.right_line
from venue_fields f
where :season between f.valid_from_season and f.valid_to_season
order by f.name, f.venue_id

-- name: changes
select f.name, f.valid_from_season, f.valid_to_season, f.capacity, f.roof_type, f.turf_type,
       f.left_line, f.left_center, f.center, f.right_center, f.right_line
from venue_fields f
where f.venue_id in (select venue_id from venue_fields group by venue_id having count(*) > 1)
order by f.name, f.venue_id, f.valid_from_season
