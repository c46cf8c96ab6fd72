/**
 * The levels the simulator can serve: Major League Baseball (sport 1) and the four full-season
 * minor leagues (Triple-A 11, Double-A 12, High-A 13, Single-A 14). Each MLB club has one
 * affiliate per level, as in the real player-development system since 2021. League ids and names
 * follow the real Stats API; the clubs are a plausible alignment, not a record of any one season.
 */

import {
  DIVISIONS,
  type DivisionInfo,
  LEAGUES,
  type LeagueInfo,
  TEAMS,
  type TeamInfo,
  type VenueInfo,
} from './teams.js';
import { MILB_SPORT_IDS } from './sports.js';
import { at, columns, entry } from '../checked.js';
import { VENUES } from './venues.js';

export interface SportInfo {
  id: number;
  code: string;
  name: string;
  abbreviation: string;
  sortOrder: number;
}

export const SPORTS: readonly SportInfo[] = [
  { id: 1, code: 'mlb', name: 'Major League Baseball', abbreviation: 'MLB', sortOrder: 11 },
  { id: 11, code: 'aaa', name: 'Triple-A', abbreviation: 'AAA', sortOrder: 101 },
  { id: 12, code: 'aax', name: 'Double-A', abbreviation: 'AA', sortOrder: 201 },
  { id: 13, code: 'afa', name: 'High-A', abbreviation: 'A+', sortOrder: 301 },
  { id: 14, code: 'afx', name: 'Single-A', abbreviation: 'A', sortOrder: 401 },
];

export { MILB_SPORT_IDS } from './sports.js';

/** The leagues of each minor-league level, west to east (clubs are dealt to them by longitude). */
const MILB_LEAGUE_ROWS: Record<number, Array<[number, string, string, number]>> = {
  // [id, name, abbreviation, clubs]
  11: [
    [112, 'Pacific Coast League', 'PCL', 10],
    [117, 'International League', 'INT', 20],
  ],
  12: [
    [109, 'Texas League', 'TL', 10],
    [111, 'Southern League', 'SL', 8],
    [113, 'Eastern League', 'EL', 12],
  ],
  13: [
    [126, 'Northwest League', 'NWL', 6],
    [118, 'Midwest League', 'MWL', 12],
    [116, 'South Atlantic League', 'SAL', 12],
  ],
  14: [
    [110, 'California League', 'CAL', 8],
    [123, 'Florida State League', 'FSL', 10],
    [122, 'Carolina League', 'CAR', 12],
  ],
};

// Affiliates per MLB parent: Triple-A | Double-A | High-A | Single-A, each "City,ST,Nickname".
const AFFILIATE_ROWS = `
108|Salt Lake,UT,Bees|Rocket City,AL,Trash Pandas|Tri-City,WA,Dust Devils|Inland Empire,CA,66ers
109|Reno,NV,Aces|Amarillo,TX,Sod Poodles|Hillsboro,OR,Hops|Visalia,CA,Rawhide
110|Norfolk,VA,Tides|Bowie,MD,Baysox|Aberdeen,MD,IronBirds|Delmarva,MD,Shorebirds
111|Worcester,MA,Red Sox|Portland,ME,Sea Dogs|Greenville,SC,Drive|Salem,VA,Red Sox
112|Iowa,IA,Cubs|Knoxville,TN,Smokies|South Bend,IN,Cubs|Myrtle Beach,SC,Pelicans
113|Louisville,KY,Bats|Chattanooga,TN,Lookouts|Dayton,OH,Dragons|Daytona,FL,Tortugas
114|Columbus,OH,Clippers|Akron,OH,RubberDucks|Lake County,OH,Captains|Lynchburg,VA,Hillcats
115|Albuquerque,NM,Isotopes|Hartford,CT,Yard Goats|Spokane,WA,Indians|Fresno,CA,Grizzlies
116|Toledo,OH,Mud Hens|Erie,PA,SeaWolves|West Michigan,MI,Whitecaps|Lakeland,FL,Flying Tigers
117|Sugar Land,TX,Space Cowboys|Corpus Christi,TX,Hooks|Asheville,NC,Tourists|Fayetteville,NC,Woodpeckers
118|Omaha,NE,Storm Chasers|Northwest Arkansas,AR,Naturals|Quad Cities,IA,River Bandits|Columbia,SC,Fireflies
119|Oklahoma City,OK,Comets|Tulsa,OK,Drillers|Great Lakes,MI,Loons|Rancho Cucamonga,CA,Quakes
120|Rochester,NY,Red Wings|Harrisburg,PA,Senators|Wilmington,DE,Blue Rocks|Fredericksburg,VA,Nationals
121|Syracuse,NY,Mets|Binghamton,NY,Rumble Ponies|Brooklyn,NY,Cyclones|St. Lucie,FL,Mets
133|Las Vegas,NV,Aviators|Midland,TX,RockHounds|Lansing,MI,Lugnuts|Stockton,CA,Ports
134|Indianapolis,IN,Indians|Altoona,PA,Curve|Greensboro,NC,Grasshoppers|Bradenton,FL,Marauders
135|El Paso,TX,Chihuahuas|San Antonio,TX,Missions|Fort Wayne,IN,TinCaps|Lake Elsinore,CA,Storm
136|Tacoma,WA,Rainiers|Arkansas,AR,Travelers|Everett,WA,AquaSox|Modesto,CA,Nuts
137|Sacramento,CA,River Cats|Richmond,VA,Flying Squirrels|Eugene,OR,Emeralds|San Jose,CA,Giants
138|Memphis,TN,Redbirds|Springfield,MO,Cardinals|Peoria,IL,Chiefs|Palm Beach,FL,Cardinals
139|Durham,NC,Bulls|Montgomery,AL,Biscuits|Bowling Green,KY,Hot Rods|Charleston,SC,RiverDogs
140|Round Rock,TX,Express|Frisco,TX,RoughRiders|Hickory,NC,Crawdads|Down East,NC,Wood Ducks
141|Buffalo,NY,Bisons|New Hampshire,NH,Fisher Cats|Vancouver,BC,Canadians|Dunedin,FL,Blue Jays
142|St. Paul,MN,Saints|Wichita,KS,Wind Surge|Cedar Rapids,IA,Kernels|Fort Myers,FL,Mighty Mussels
143|Lehigh Valley,PA,IronPigs|Reading,PA,Fightin Phils|Jersey Shore,NJ,BlueClaws|Clearwater,FL,Threshers
144|Gwinnett,GA,Stripers|Columbus,GA,Clingstones|Rome,GA,Emperors|Augusta,GA,GreenJackets
145|Charlotte,NC,Knights|Birmingham,AL,Barons|Winston-Salem,NC,Dash|Kannapolis,NC,Cannon Ballers
146|Jacksonville,FL,Jumbo Shrimp|Pensacola,FL,Blue Wahoos|Beloit,WI,Sky Carp|Jupiter,FL,Hammerheads
147|Scranton/Wilkes-Barre,PA,RailRiders|Somerset,NJ,Patriots|Hudson Valley,NY,Renegades|Tampa,FL,Tarpons
158|Nashville,TN,Sounds|Biloxi,MS,Shuckers|Wisconsin,WI,Timber Rattlers|Carolina,NC,Mudcats
`;

/** One minor-league level: its leagues, divisions, clubs (one per MLB parent) and parks. */
export interface MilbLevel {
  sportId: number;
  leagues: LeagueInfo[];
  divisions: DivisionInfo[];
  teams: TeamInfo[];
  venues: VenueInfo[];
}

const LEVEL_CAPACITY: Record<number, number> = { 11: 10_000, 12: 7_000, 13: 5_500, 14: 4_500 };

function abbreviationOf(city: string, taken: Set<string>): string {
  const letters = city.replace(/[^A-Za-z ]/g, '').toUpperCase();
  const words = letters.split(/\s+/).filter(Boolean);
  const candidates = [
    words.length > 1
      ? words
          .map((w) => w[0])
          .join('')
          .slice(0, 3)
      : letters.slice(0, 3),
    letters.replace(/\s/g, '').slice(0, 3),
    `${letters[0]}${letters.replace(/\s/g, '').slice(-2)}`,
  ];
  for (let i = 0; ; i++) {
    const c = candidates[i] ?? `${letters.slice(0, 2)}${i}`;
    if (c.length >= 2 && !taken.has(c)) {
      taken.add(c);
      return c;
    }
  }
}

function buildLevel(sportId: number, index: number): MilbLevel {
  const rows = AFFILIATE_ROWS.trim()
    .split('\n')
    .map((r) => r.split('|'));
  const taken = new Set<string>();
  const clubs = rows.map((r) => {
    const parent = TEAMS.find((t) => t.id === Number(r[0]))!;
    const cell = columns(at(r, 1 + index), ',');
    return { parent, city: cell(0), state: cell(1), nickname: cell(2) };
  });
  const parentVenue = (t: TeamInfo) => VENUES.find((v) => v.id === t.venueId)!;
  // Deal clubs to leagues west to east, then split each league into two divisions north/south.
  const byLongitude = [...clubs].sort(
    (a, b) => parentVenue(a.parent).longitude - parentVenue(b.parent).longitude || a.parent.id - b.parent.id,
  );
  const leagues: LeagueInfo[] = [];
  const divisions: DivisionInfo[] = [];
  const teams: TeamInfo[] = [];
  const venues: VenueInfo[] = [];
  let next = 0;
  for (const [leagueId, name, abbreviation, count] of entry(MILB_LEAGUE_ROWS, sportId)) {
    leagues.push({ id: leagueId, name, abbreviation, nameShort: name.replace(/ League$/, '') });
    const members = byLongitude
      .slice(next, next + count)
      .sort((a, b) => parentVenue(b.parent).latitude - parentVenue(a.parent).latitude || a.parent.id - b.parent.id);
    next += count;
    const halves: Array<[string, typeof members]> = [
      ['North', members.slice(0, Math.ceil(count / 2))],
      ['South', members.slice(Math.ceil(count / 2))],
    ];
    halves.forEach(([side, group], h) => {
      const divisionId = 5_000 + leagueId * 10 + h;
      divisions.push({
        id: divisionId,
        name: `${name} ${side}`,
        nameShort: `${abbreviation} ${side}`,
        abbreviation: `${abbreviation}${side[0]}`,
        leagueId,
      });
      for (const c of group) {
        const slot = TEAMS.indexOf(c.parent);
        const id = 5_100 + index * 50 + slot;
        const venueId = 6_000 + index * 50 + slot;
        const pv = parentVenue(c.parent);
        const abbr = abbreviationOf(c.city, taken);
        teams.push({
          id,
          name: `${c.city} ${c.nickname}`,
          teamName: c.nickname,
          locationName: c.city,
          shortName: c.city,
          franchiseName: c.city,
          clubName: c.nickname,
          abbreviation: abbr,
          teamCode: abbr.toLowerCase().padEnd(3, 'x'),
          fileCode: `t${id}`,
          firstYearOfPlay: String(1960 + ((id * 7) % 60)),
          leagueId,
          divisionId,
          venueId,
          springLeagueId: c.parent.springLeagueId,
          springVenueId: c.parent.springVenueId,
          sportId,
          parentOrgId: c.parent.id,
          parentOrgName: c.parent.name,
        });
        venues.push({
          ...pv,
          id: venueId,
          name: `${c.city} Ballpark`,
          address1: `${100 + (slot % 9) * 111} Ballpark Way`,
          city: c.city,
          stateAbbrev: c.state,
          state: c.state,
          postalCode: String(10_000 + ((id * 131) % 89_999)).padStart(5, '0'),
          latitude: Number((pv.latitude + ((slot % 5) - 2) * 0.7).toFixed(6)),
          longitude: Number((pv.longitude + ((slot % 3) - 1) * 0.9).toFixed(6)),
          elevation: 100 + ((id * 37) % 900),
          capacity: entry(LEVEL_CAPACITY, sportId) + ((id * 53) % 2_000),
          turfType: 'Grass',
          roofType: 'Open',
          dims: [330, 375, 400, 375, 325],
        });
      }
    });
  }
  teams.sort((a, b) => a.id - b.id);
  venues.sort((a, b) => a.id - b.id);
  return { sportId, leagues, divisions, teams, venues };
}

const levels = new Map<number, MilbLevel>();

/** A minor-league level by sport id (11–14). */
export function milbLevel(sportId: number): MilbLevel {
  let level = levels.get(sportId);
  if (!level) {
    const index = MILB_SPORT_IDS.indexOf(sportId);
    if (index < 0) throw new Error(`no minor-league level for sport ${sportId}`);
    level = buildLevel(sportId, index);
    levels.set(sportId, level);
  }
  return level;
}

let byId: { leagues: Map<number, LeagueInfo>; divisions: Map<number, DivisionInfo> } | undefined;

/** Every league and division of every level by id (built once; rendering a team asks for them). */
function allById() {
  byId ??= {
    leagues: new Map([...LEAGUES, ...MILB_SPORT_IDS.flatMap((s) => milbLevel(s).leagues)].map((l) => [l.id, l])),
    divisions: new Map([...DIVISIONS, ...MILB_SPORT_IDS.flatMap((s) => milbLevel(s).divisions)].map((d) => [d.id, d])),
  };
  return byId;
}

export const leagueInfo = (id: number): LeagueInfo | undefined => allById().leagues.get(id);

export const divisionInfo = (id: number): DivisionInfo | undefined => allById().divisions.get(id);

export function sportInfo(id: number): SportInfo {
  return SPORTS.find((s) => s.id === id) ?? at(SPORTS, 0);
}

/**
 * What changed between seasons (the simulator's franchise history): before the anchor season the
 * Athletics played in Oakland as the Oakland Athletics, and two seasons before it Atlanta played in
 * the National League Central. `seasonsBack` is anchor − season.
 */
export function mlbTeamsFor(seasonsBack: number): readonly TeamInfo[] {
  if (seasonsBack <= 0) return TEAMS;
  return TEAMS.map((t) => {
    if (t.id === 133)
      return {
        ...t,
        name: 'Oakland Athletics',
        locationName: 'Oakland',
        shortName: 'Oakland',
        franchiseName: 'Oakland',
        teamCode: 'oak',
        fileCode: 'oak',
        abbreviation: 'OAK',
        venueId: OAKLAND_COLISEUM.id,
      };
    if (t.id === 144 && seasonsBack >= 2) return { ...t, divisionId: 205 };
    return t;
  });
}

/** The Athletics' park before their move (served only for the seasons they played there). */
export const OAKLAND_COLISEUM: VenueInfo = {
  ...VENUES.find((v) => v.id === 2529)!,
  id: 10,
  name: 'Oakland Coliseum',
  address1: '7000 Coliseum Way',
  city: 'Oakland',
  postalCode: '94621',
  phone: '(510) 569-2121',
  latitude: 37.751595,
  longitude: -122.200546,
  elevation: 13,
  capacity: 46_847,
  dims: [330, 367, 400, 367, 330],
};
