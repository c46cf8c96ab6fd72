import type { VenueInfo } from './teams.js';
import { columns, present } from '../checked.js';

// id|name|address|city|state|abbr|postal|phone|lat|lon|elev|azimuth|tz|std|dst|capacity|turf|roof|LL,LC,C,RC,RL
const VENUE_ROWS = `
1|Angel Stadium|2000 Gene Autry Way|Anaheim|California|CA|92806|(714) 940-2000|33.80019|-117.8823|160|44|America/Los_Angeles|-8|1|45517|Grass|Open|347,390,396,370,350
15|Chase Field|401 East Jefferson Street|Phoenix|Arizona|AZ|85004|(602) 462-6500|33.445302|-112.066687|1086|0|America/Phoenix|-7|0|48405|Artificial Turf|Retractable|330,374,407,374,334
2|Oriole Park at Camden Yards|333 West Camden Street|Baltimore|Maryland|MD|21201|(410) 685-9800|39.283787|-76.621689|33|31|America/New_York|-5|1|44970|Grass|Open|333,364,410,373,318
3|Fenway Park|4 Jersey Street|Boston|Massachusetts|MA|02215|(617) 226-6000|42.346676|-71.097218|21|45|America/New_York|-5|1|37755|Grass|Open|310,379,390,380,302
17|Wrigley Field|1060 West Addison|Chicago|Illinois|IL|60613-4397|(773) 404-2827|41.948171|-87.655503|595|37|America/Chicago|-6|1|41363|Grass|Open|355,368,400,368,353
2602|Great American Ball Park|100 Joe Nuxhall Way|Cincinnati|Ohio|OH|45202|(513) 765-7000|39.097931|-84.50668|490|120|America/New_York|-5|1|43500|Grass|Open|328,379,404,370,325
5|Progressive Field|2401 Ontario Street|Cleveland|Ohio|OH|44115|(216) 420-4487|41.495861|-81.685255|650|0|America/New_York|-5|1|34830|Grass|Open|325,370,400,375,325
19|Coors Field|2001 Blake St.|Denver|Colorado|CO|80205-2000|(303) 292-0200|39.756042|-104.994136|5190|4|America/Denver|-7|1|46897|Grass|Open|347,390,415,375,350
2394|Comerica Park|2100 Woodward Avenue|Detroit|Michigan|MI|48201|(313) 962-4000|42.3391151|-83.048695|600|150|America/Detroit|-5|1|41083|Grass|Open|342,370,412,365,330
2392|Daikin Park|501 Crawford Street|Houston|Texas|TX|77002|(713) 259-8000|29.756967|-95.355509|38|343|America/Chicago|-6|1|41168|Grass|Retractable|315,366,409,373,326
7|Kauffman Stadium|One Royal Way|Kansas City|Missouri|MO|64129|(816) 921-8000|39.051567|-94.480483|750|46|America/Chicago|-6|1|37903|Grass|Open|330,387,410,387,330
22|Dodger Stadium|1000 Vin Scully Avenue|Los Angeles|California|CA|90012-1199|(323) 224-1500|34.07368|-118.24053|515|26|America/Los_Angeles|-8|1|56000|Grass|Open|330,375,395,375,330
3309|Nationals Park|1500 South Capitol Street, SE|Washington|District of Columbia|DC|20003-1507|(202) 675-6287|38.872861|-77.007501|25|29|America/New_York|-5|1|41339|Grass|Open|336,377,402,370,335
3289|Citi Field|41 Seaver Way|Queens|New York|NY|11368|(718) 507-6387|40.75753012|-73.84559155|3|13|America/New_York|-5|1|41922|Grass|Open|335,379,408,383,330
2529|Sutter Health Park|400 Ballpark Drive|West Sacramento|California|CA|95691|(916) 376-4700|38.580361|-121.513358|20|45|America/Los_Angeles|-8|1|14014|Grass|Open|330,375,403,375,325
31|PNC Park|115 Federal Street|Pittsburgh|Pennsylvania|PA|15212|(412) 321-2827|40.446904|-80.005753|730|116|America/New_York|-5|1|38747|Grass|Open|325,383,399,375,320
2680|Petco Park|100 Park Boulevard|San Diego|California|CA|92101-7405|(619) 795-5000|32.707861|-117.157278|16|0|America/Los_Angeles|-8|1|40222|Grass|Open|334,390,396,391,322
680|T-Mobile Park|1250 First Avenue South|Seattle|Washington|WA|98134|(206) 346-4000|47.591333|-122.33251|17|49|America/Los_Angeles|-8|1|47929|Grass|Retractable|331,378,401,381,326
2395|Oracle Park|24 Willie Mays Plaza|San Francisco|California|CA|94107|(415) 972-2000|37.778383|-122.389448|0|85|America/Los_Angeles|-8|1|41915|Grass|Open|339,364,391,415,309
2889|Busch Stadium|700 Clark Street|St. Louis|Missouri|MO|63102|(314) 345-9600|38.62256667|-90.19286667|455|62|America/Chicago|-6|1|44383|Grass|Open|336,375,400,375,335
12|Tropicana Field|One Tropicana Drive|St. Petersburg|Florida|FL|33705|(727) 825-3137|27.767778|-82.6525|15|0|America/New_York|-5|1|25000|Artificial Turf|Dome|315,370,404,370,322
5325|Globe Life Field|734 Stadium Drive|Arlington|Texas|TX|76011|(817) 533-1972|32.747299|-97.081818|545|46|America/Chicago|-6|1|40300|Artificial Turf|Retractable|329,372,407,374,326
14|Rogers Centre|1 Blue Jays Way|Toronto|Ontario|ON|M5V1J1|(416) 341-1000|43.64155|-79.38915|300|345|America/Toronto|-5|1|41500|Artificial Turf|Retractable|328,368,400,359,328
3312|Target Field|1 Twins Way|Minneapolis|Minnesota|MN|55403|(612) 659-3400|44.981829|-93.277891|840|90|America/Chicago|-6|1|38544|Grass|Open|339,377,404,367,328
2681|Citizens Bank Park|One Citizens Bank Way|Philadelphia|Pennsylvania|PA|19148|(215) 463-1000|39.90539086|-75.16716957|20|9|America/New_York|-5|1|42901|Grass|Open|329,374,401,369,330
4705|Truist Park|755 Battery Avenue|Atlanta|Georgia|GA|30339|(404) 522-7630|33.890672|-84.467641|1050|35|America/New_York|-5|1|41084|Grass|Open|335,385,400,375,325
4|Rate Field|333 West 35th Street|Chicago|Illinois|IL|60616|(312) 674-1000|41.83|-87.634|595|127|America/Chicago|-6|1|40615|Grass|Open|330,377,400,372,335
4169|loanDepot park|501 Marlins Way|Miami|Florida|FL|33125|(305) 480-1300|25.77796236|-80.21951795|7|128|America/New_York|-5|1|37446|Grass|Retractable|344,386,400,387,335
3313|Yankee Stadium|1 E 161 St.|Bronx|New York|NY|10451|(718) 293-4300|40.82919482|-73.9264977|55|75|America/New_York|-5|1|46537|Grass|Open|318,399,408,385,314
32|American Family Field|One Brewers Way|Milwaukee|Wisconsin|WI|53214|(414) 902-4400|43.02838|-87.97099|635|129|America/Chicago|-6|1|41900|Grass|Retractable|344,371,400,374,345
`;

/** Parses the compact venue table. */
function parseVenues(rows: string): VenueInfo[] {
  return rows
    .trim()
    .split('\n')
    .map((row) => {
      const c = columns(row);
      const std = Number(c(13));
      const dst = c(14) === '1';
      const abbrevs: Record<number, [string, string]> = {
        [-5]: ['EST', 'EDT'],
        [-6]: ['CST', 'CDT'],
        [-7]: ['MST', 'MDT'],
        [-8]: ['PST', 'PDT'],
      };
      const [tzStd, tzDst] = present(abbrevs[std], `the time zone names of UTC${std}`);
      const dims = c(18).split(',').map(Number) as [number, number, number, number, number];
      return {
        id: Number(c(0)),
        name: c(1),
        address1: c(2),
        city: c(3),
        state: c(4),
        stateAbbrev: c(5),
        postalCode: c(6),
        phone: c(7),
        latitude: Number(c(8)),
        longitude: Number(c(9)),
        elevation: Number(c(10)),
        azimuthAngle: Number(c(11)),
        tzId: c(12),
        stdOffset: std,
        dst,
        tzStd,
        tzDst: dst ? tzDst : tzStd,
        capacity: Number(c(15)),
        turfType: c(16),
        roofType: c(17),
        dims,
        country: c(5) === 'ON' ? 'Canada' : 'USA',
      };
    });
}

/** The 30 home parks. */
export const VENUES: readonly VenueInfo[] = parseVenues(VENUE_ROWS);

/** Spring-training parks referenced by id only (the real API links them without names). */
export const SPRING_VENUE_IDS: readonly number[] = [
  2500, 2603, 2508, 4309, 4629, 3834, 4249, 2511, 5000, 2509, 3809, 2856, 2507, 2526, 2530, 2532, 2520, 2534, 2536,
  2862, 2700, 5380, 2518, 2523,
];
