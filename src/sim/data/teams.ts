/**
 * The 30 clubs, their leagues, divisions and home parks. Ids follow the real Stats API so the
 * simulator's bodies look like the real ones; the numbers (capacities, distances) are approximate.
 */

import { columns } from '../checked.js';

export interface LeagueInfo {
  id: number;
  name: string;
  abbreviation: string;
  nameShort: string;
}

export interface DivisionInfo {
  id: number;
  name: string;
  nameShort: string;
  abbreviation: string;
  leagueId: number;
}

export interface VenueInfo {
  id: number;
  name: string;
  address1: string;
  /** The street, where `address1` names a complex (spring-training parks). */
  address2?: string;
  city: string;
  state: string;
  stateAbbrev: string;
  postalCode: string;
  phone: string;
  latitude: number;
  longitude: number;
  elevation: number;
  azimuthAngle: number;
  /** IANA zone id, e.g. America/New_York. */
  tzId: string;
  /** Standard-time offset from UTC in hours (e.g. -5). */
  stdOffset: number;
  /** Whether the zone observes daylight saving time. */
  dst: boolean;
  tzStd: string;
  tzDst: string;
  capacity: number;
  turfType: string;
  roofType: string;
  /** leftLine, leftCenter, center, rightCenter, rightLine (feet). */
  dims: [number, number, number, number, number];
  country: string;
}

export interface TeamInfo {
  id: number;
  name: string;
  teamName: string;
  locationName: string;
  shortName: string;
  franchiseName: string;
  clubName: string;
  abbreviation: string;
  teamCode: string;
  fileCode: string;
  firstYearOfPlay: string;
  leagueId: number;
  divisionId: number;
  venueId: number;
  springLeagueId: number;
  springVenueId: number;
  /** Sport of a minor-league club (absent: MLB, sport 1). */
  sportId?: number;
  /** A minor-league club's MLB parent. */
  parentOrgId?: number;
  parentOrgName?: string;
}

export const LEAGUES: readonly LeagueInfo[] = [
  { id: 103, name: 'American League', abbreviation: 'AL', nameShort: 'American' },
  { id: 104, name: 'National League', abbreviation: 'NL', nameShort: 'National' },
];

export const SPRING_LEAGUES = [
  { id: 114, name: 'Cactus League', link: '/api/v1/league/114', abbreviation: 'CL' },
  { id: 115, name: 'Grapefruit League', link: '/api/v1/league/115', abbreviation: 'GL' },
] as const;

export const DIVISIONS: readonly DivisionInfo[] = [
  { id: 200, name: 'American League West', nameShort: 'AL West', abbreviation: 'ALW', leagueId: 103 },
  { id: 201, name: 'American League East', nameShort: 'AL East', abbreviation: 'ALE', leagueId: 103 },
  { id: 202, name: 'American League Central', nameShort: 'AL Central', abbreviation: 'ALC', leagueId: 103 },
  { id: 203, name: 'National League West', nameShort: 'NL West', abbreviation: 'NLW', leagueId: 104 },
  { id: 204, name: 'National League East', nameShort: 'NL East', abbreviation: 'NLE', leagueId: 104 },
  { id: 205, name: 'National League Central', nameShort: 'NL Central', abbreviation: 'NLC', leagueId: 104 },
];

// id|name|teamName|location|shortName|abbrev|teamCode|fileCode|firstYear|division|venueId|springLeague|springVenue
const TEAM_ROWS = `
108|Los Angeles Angels|Angels|Anaheim|LA Angels|LAA|ana|ana|1961|200|1|114|2500
109|Arizona Diamondbacks|D-backs|Phoenix|Arizona|AZ|ari|ari|1996|203|15|114|2603
110|Baltimore Orioles|Orioles|Baltimore|Baltimore|BAL|bal|bal|1901|201|2|115|2508
111|Boston Red Sox|Red Sox|Boston|Boston|BOS|bos|bos|1901|201|3|115|4309
112|Chicago Cubs|Cubs|Chicago|Chi Cubs|CHC|chn|chc|1874|205|17|114|4629
113|Cincinnati Reds|Reds|Cincinnati|Cincinnati|CIN|cin|cin|1882|205|2602|114|3834
114|Cleveland Guardians|Guardians|Cleveland|Cleveland|CLE|cle|cle|1901|202|5|114|3834
115|Colorado Rockies|Rockies|Denver|Colorado|COL|col|col|1992|203|19|114|4249
116|Detroit Tigers|Tigers|Detroit|Detroit|DET|det|det|1901|202|2394|115|2511
117|Houston Astros|Astros|Houston|Houston|HOU|hou|hou|1962|200|2392|115|5000
118|Kansas City Royals|Royals|Kansas City|Kansas City|KC|kca|kc|1968|202|7|114|2509
119|Los Angeles Dodgers|Dodgers|Los Angeles|LA Dodgers|LAD|lan|la|1884|203|22|114|3809
120|Washington Nationals|Nationals|Washington|Washington|WSH|was|was|1968|204|3309|115|5000
121|New York Mets|Mets|Queens|NY Mets|NYM|nyn|nym|1961|204|3289|115|2856
133|Athletics|Athletics|Sacramento|Athletics|ATH|ath|ath|1901|200|2529|114|2507
134|Pittsburgh Pirates|Pirates|Pittsburgh|Pittsburgh|PIT|pit|pit|1882|205|31|115|2526
135|San Diego Padres|Padres|San Diego|San Diego|SD|sdn|sd|1968|203|2680|114|2530
136|Seattle Mariners|Mariners|Seattle|Seattle|SEA|sea|sea|1977|200|680|114|2530
137|San Francisco Giants|Giants|San Francisco|San Francisco|SF|sfn|sf|1883|203|2395|114|2532
138|St. Louis Cardinals|Cardinals|St. Louis|St. Louis|STL|sln|stl|1892|205|2889|115|2520
139|Tampa Bay Rays|Rays|St. Petersburg|Tampa Bay|TB|tba|tb|1996|201|12|115|2534
140|Texas Rangers|Rangers|Arlington|Texas|TEX|tex|tex|1961|200|5325|114|2603
141|Toronto Blue Jays|Blue Jays|Toronto|Toronto|TOR|tor|tor|1977|201|14|115|2536
142|Minnesota Twins|Twins|Minneapolis|Minnesota|MIN|min|min|1901|202|3312|115|2862
143|Philadelphia Phillies|Phillies|Philadelphia|Philadelphia|PHI|phi|phi|1883|204|2681|115|2700
144|Atlanta Braves|Braves|Atlanta|Atlanta|ATL|atl|atl|1871|204|4705|115|5380
145|Chicago White Sox|White Sox|Chicago|Chi White Sox|CWS|cha|cws|1901|202|4|114|3809
146|Miami Marlins|Marlins|Miami|Miami|MIA|mia|mia|1993|204|4169|115|2520
147|New York Yankees|Yankees|Bronx|NY Yankees|NYY|nya|nyy|1903|201|3313|115|2523
158|Milwaukee Brewers|Brewers|Milwaukee|Milwaukee|MIL|mil|mil|1969|205|32|114|2518
`;

/** The 30 clubs, parsed from the compact table above. */
export const TEAMS: readonly TeamInfo[] = TEAM_ROWS.trim()
  .split('\n')
  .map((row) => {
    const c = columns(row);
    const divisionId = Number(c(9));
    return {
      id: Number(c(0)),
      name: c(1),
      teamName: c(2),
      locationName: c(3),
      shortName: c(4),
      franchiseName: c(1).replace(` ${c(2)}`, '') || c(2),
      clubName: c(2),
      abbreviation: c(5),
      teamCode: c(6),
      fileCode: c(7),
      firstYearOfPlay: c(8),
      leagueId: divisionId === 200 || divisionId === 201 || divisionId === 202 ? 103 : 104,
      divisionId,
      venueId: Number(c(10)),
      springLeagueId: Number(c(11)),
      springVenueId: Number(c(12)),
    };
  });
