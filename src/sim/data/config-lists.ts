/**
 * The configuration lists (/v1/gameTypes, /v1/gameStatus, /v1/positions …), shaped like the real
 * API. Only gameTypes has a recorded real body; the others follow the public API's documented shapes.
 */

type Obj = Record<string, unknown>;
const rows = (text: string, keys: string[]): Obj[] =>
  text
    .trim()
    .split('\n')
    .map((line) => {
      const cells = line.split('|');
      const o: Obj = {};
      keys.forEach((k, i) => {
        const v = cells[i];
        if (v === undefined || v === '') return;
        o[k] = v === 'true' ? true : v === 'false' ? false : /^-?\d+$/.test(v) && k !== 'code' ? Number(v) : v;
      });
      return o;
    });
const codes = (text: string) => rows(text, ['code', 'description']);

const GAME_TYPES = rows(
  `S|Spring Training
R|Regular Season
F|Wild Card
D|Division Series
L|League Championship Series
W|World Series
C|Championship
N|Nineteenth Century Series
P|Playoffs
A|All-Star Game
I|Intrasquad
E|Exhibition`,
  ['id', 'description'],
);

const GAME_STATUS = rows(
  `Preview|S|Scheduled|S||P
Preview|P|Pre-Game|P||P
Preview|P|Warmup|PW||P
Preview|P|Delayed Start|PR|Rain|P
Live|I|In Progress|I||L
Live|I|Delayed|IR|Rain|L
Live|M|Manager challenge|MA||L
Live|N|Umpire review|NH||L
Live|U|Suspended|UR|Rain|L
Live|T|Suspended|TR|Rain|L
Final|O|Game Over|O||F
Final|O|Game Over: Tied|OT||F
Final|F|Final|F||F
Final|F|Final: Tied|FT||F
Final|F|Completed Early|FR|Rain|F
Final|D|Postponed|DR|Rain|F
Final|D|Postponed|DI|Inclement Weather|F
Final|C|Cancelled|CR|Rain|F
Final|C|Cancelled|CI|Inclement Weather|F
Final|Q|Forfeit|FF||F
Other|W|Writing|W||O
Other|X|Unknown|X||O`,
  ['abstractGameState', 'codedGameState', 'detailedState', 'statusCode', 'reason', 'abstractGameCode'],
);

const POSITIONS = rows(
  `Pitcher|Pitcher|P|1|Pitcher|Pitcher|Pitcher|false|true|true|true
Catcher|Catcher|C|2|Catcher|Catcher|Catcher|false|true|false|true
1st Base|First Base|1B|3|Infielder|First Baseman|First Base|false|true|false|true
2nd Base|Second Base|2B|4|Infielder|Second Baseman|Second Base|false|true|false|true
3rd Base|Third Base|3B|5|Infielder|Third Baseman|Third Base|false|true|false|true
Shortstop|Shortstop|SS|6|Infielder|Shortstop|Shortstop|false|true|false|true
Left Field|Outfielder|LF|7|Outfielder|Left Fielder|Left Field|true|true|false|true
Center Field|Outfielder|CF|8|Outfielder|Center Fielder|Center Field|true|true|false|true
Right Field|Outfielder|RF|9|Outfielder|Right Fielder|Right Field|true|true|false|true
Designated Hitter|Designated Hitter|DH|10|Hitter|Designated Hitter|Designated Hitter|false|true|false|false
Pinch Hitter|Pinch Hitter|PH|11|Hitter|Pinch Hitter|Pinch Hitter|false|true|false|false
Pinch Runner|Pinch Runner|PR|12|Runner|Pinch Runner|Pinch Runner|false|true|false|false
Two-Way Player|Two-Way Player|TWP|Y|Two-Way Player|Two-Way Player|Two-Way Player|false|false|true|true
Outfield|Outfield|OF|O|Outfielder|Outfielder|Outfield|true|false|false|true
Infield|Infield|IF|I|Infielder|Infielder|Infield|false|false|false|true
Utility|Utility|UT|U|Utility|Utility|Utility|false|false|false|true`,
  [
    'shortName',
    'fullName',
    'abbrev',
    'code',
    'type',
    'formalName',
    'displayName',
    'outfield',
    'gamePosition',
    'pitcher',
    'fielder',
  ],
);

const displayNames = (names: string) => names.split(',').map((displayName) => ({ displayName: displayName.trim() }));

const EVENT_TYPES = rows(
  `true|true|single|false|Single
true|true|double|false|Double
true|true|triple|false|Triple
true|true|home_run|false|Home Run
true|false|field_out|false|Field Out
true|false|strikeout|false|Strikeout
true|false|strikeout_double_play|false|Strikeout Double Play
true|false|walk|false|Walk
true|false|intent_walk|false|Intent Walk
true|false|hit_by_pitch|false|Hit By Pitch
true|false|force_out|false|Force Out
true|false|grounded_into_double_play|false|Grounded Into Double Play
true|false|double_play|false|Double Play
true|false|fielders_choice|false|Fielders Choice
true|false|fielders_choice_out|false|Fielders Choice Out
true|false|field_error|false|Field Error
true|false|sac_fly|false|Sacrifice Fly
true|false|sac_bunt|false|Sacrifice Bunt
true|false|catcher_interf|false|Catcher Interference
false|false|stolen_base_2b|true|Stolen Base 2B
false|false|stolen_base_3b|true|Stolen Base 3B
false|false|caught_stealing_2b|true|Caught Stealing 2B
false|false|pickoff_1b|true|Pickoff 1B
false|false|wild_pitch|true|Wild Pitch
false|false|passed_ball|true|Passed Ball
false|false|defensive_indiff|true|Defensive Indifference
false|false|pitching_substitution|false|Pitching Substitution
false|false|offensive_substitution|false|Offensive Substitution
false|false|defensive_substitution|false|Defensive Substitution
false|false|defensive_switch|false|Defensive Switch
false|false|mound_visit|false|Mound Visit
false|false|game_advisory|false|Game Advisory
false|false|batter_timeout|false|Batter Timeout`,
  ['plateAppearance', 'hit', 'code', 'baseRunningEvent', 'description'],
);

const PITCH_CODES = rows(
  `B|Ball|false|false|false|0|false|true|true|Ball|false|false
*B|Ball In Dirt|false|false|false|1|false|true|true|Ball|false|false
C|Called Strike|false|false|false|2|true|false|true|Called Strike|false|false
S|Swinging Strike|true|true|false|3|true|false|true|Swinging Strike|false|false
W|Swinging Strike (Blocked)|true|true|false|4|true|false|true|Swinging Strike|false|false
F|Foul|true|false|true|5|true|false|true|Foul|false|true
T|Foul Tip|true|false|true|6|true|false|true|Foul Tip|false|true
L|Foul Bunt|true|false|true|7|true|false|true|Foul Bunt|true|true
M|Missed Bunt|true|true|false|8|true|false|true|Missed Bunt|true|false
X|In play, out(s)|true|false|true|9|false|false|true|In play, out(s)|false|true
D|In play, no out|true|false|true|10|false|false|true|In play, no out|false|true
E|In play, run(s)|true|false|true|11|false|false|true|In play, run(s)|false|true
H|Hit By Pitch|false|false|false|12|false|true|true|Hit By Pitch|false|false
P|Pitchout|false|false|false|13|false|true|true|Pitchout|false|false
AC|Automatic Strike - Batter Pitch Timer Violation|false|false|false|14|true|false|false|Automatic Strike|false|false
VB|Automatic Ball - Intentional|false|false|false|15|false|true|false|Automatic Ball|false|false`,
  [
    'code',
    'description',
    'swingStatus',
    'swingMissStatus',
    'swingContactStatus',
    'sortOrder',
    'strikeStatus',
    'ballStatus',
    'pitchStatus',
    'pitchResultText',
    'buntAttemptStatus',
    'contactStatus',
  ],
);

const ROSTER_TYPES = rows(
  `40 Man roster|40Man|40Man
Full Season Roster|fullSeason|fullSeason
Full Roster|fullRoster|fullRoster
Non-Roster Invitees|nonRosterInvitees|nonRosterInvitees
Active roster|active|active
All Time roster|allTime|allTime
Depth chart|depthChart|depthChart
Roster as of a game|gameday|gameday
Coach roster|coach|coach`,
  ['description', 'lookupName', 'parameter'],
);

const JOB_TYPES = rows(
  `UMPR|Umpire|1
SCOR|Official Scorer|2
DATA|Datacaster|3
MNGR|Manager|4
COAB|Bench Coach|5
COAH|Hitting Coach|6
COAP|Pitching Coach|7`,
  ['code', 'job', 'sortOrder'],
);

/** Every configuration list by its path segment (the key after /api/v1/). */
export const CONFIG_LISTS: Record<string, Obj[]> = {
  gameTypes: GAME_TYPES,
  gameStatus: GAME_STATUS,
  positions: POSITIONS,
  statGroups: displayNames('hitting, pitching, fielding, catching, running, game, team, streak'),
  statTypes: displayNames(
    'projected, projectedRos, yearByYear, yearByYearAdvanced, season, seasonAdvanced, career, careerAdvanced, gameLog, playLog, pitchLog, byDateRange, byMonth, byDayOfWeek, homeAndAway, winLoss, vsPlayer, vsTeam, lastXGames, sprayChart, hotColdZones, availableStats, expectedStatistics, sabermetrics',
  ),
  eventTypes: EVENT_TYPES,
  pitchTypes: codes(
    `FF|Four-Seam Fastball\nSI|Sinker\nFC|Cutter\nSL|Slider\nST|Sweeper\nSV|Slurve\nCU|Curveball\nKC|Knuckle Curve\nCS|Slow Curve\nCH|Changeup\nFS|Splitter\nFO|Forkball\nSC|Screwball\nKN|Knuckle Ball\nEP|Eephus\nPO|Pitchout\nIN|Intent Ball\nUN|Unknown`,
  ),
  pitchCodes: PITCH_CODES,
  rosterTypes: ROSTER_TYPES,
  jobTypes: JOB_TYPES,
  hitTrajectories: codes(
    `bunt_grounder|Bunt Groundball\nbunt_popup|Bunt Popup\nbunt_line_drive|Bunt Line Drive\nline_drive|Line Drive\nground_ball|Ground Ball\nfly_ball|Fly Ball\npopup|Popup`,
  ),
  standingsTypes: rows(
    `regularSeason|Regular Season Standings\nwildCard|Wild card standings\ndivisionLeaders|Division Leader standings\nwildCardWithLeaders|Wild card standings with Division Leaders\nfirstHalf|First half standings\nsecondHalf|Second half standings\nspringTraining|Spring Training Standings\npostseason|Postseason Standings\nbyDivision|Standings by Division\nbyConference|Standings by Conference\nbyLeague|Standings by League\nbyOrganization|Standing by Organization`,
    ['name', 'description'],
  ),
  windDirection: codes(
    `Calm|Calm\nIn From CF|In From CF\nIn From LF|In From LF\nIn From RF|In From RF\nL To R|L To R\nNone|None\nOut To CF|Out To CF\nOut To LF|Out To LF\nOut To RF|Out To RF\nR To L|R To L\nVaries|Varies`,
  ),
  sky: codes(
    `Clear|Clear\nCloudy|Cloudy\nDome|Dome\nDrizzle|Drizzle\nOvercast|Overcast\nPartly Cloudy|Partly Cloudy\nRain|Rain\nRoof Closed|Roof Closed\nSnow|Snow\nSunny|Sunny`,
  ),
  languages: rows(`1|en|English|en_US\n2|es|Spanish|es_US\n3|ja|Japanese|ja_JP\n4|ko|Korean|ko_KR`, [
    'languageId',
    'languageCode',
    'name',
    'locale',
  ]),
  baseballStats: rows(
    `atBats|ab|true|At bats\nhits|h|true|Hits\nhomeRuns|hr|true|Home runs\nbaseOnBalls|bb|true|Walks\nstrikeOuts|so|true|Strikeouts\nbattingAverage|avg|false|Batting average\nonBasePercentage|obp|false|On-base percentage\nearnedRunAverage|era|false|Earned run average\ninningsPitched|ip|true|Innings pitched\nstolenBases|sb|true|Stolen bases`,
    ['name', 'lookupParam', 'isCounting', 'label'],
  ).map((o) => ({ ...o, statGroups: [{ displayName: 'hitting' }], orgTypes: [], highLowTypes: [] })),
  leagueLeaderTypes: displayNames(
    'homeRuns, battingAverage, runsBattedIn, stolenBases, hits, doubles, triples, strikeouts, wins, saves, earnedRunAverage, onBasePercentage, sluggingPercentage, onBasePlusSlugging, walks, inningsPitched, whip, holds',
  ),
  metrics: rows(
    `launchSpeed|1003|MPH|hitting\nlaunchAngle|1004|degrees|hitting\ndistance|1031|FT|hitting\nreleaseSpeed|1000|MPH|pitching\nreleaseSpinRate|1001|RPM|pitching\nextension|1002|FT|pitching`,
    ['name', 'metricId', 'unit', 'group'],
  ),
  platforms: rows(`web|Web\nios-phone|iOS Phone\nandroid-phone|Android Phone\ntv|Television`, [
    'platformCode',
    'platformDescription',
  ]),
  playerStatusCodes: codes(
    `A|Active\n40M|Forty Man\nD10|Injured 10-Day\nD15|Injured 15-Day\nD60|Injured 60-Day\nMIN|Minor League Contract\nRM|Reassigned to Minors\nTR|Traded\nRL|Released\nCL|Claimed\nRES|Reserve List`,
  ),
  reviewReasons: codes(
    `MA|Tag play\nMC|Force play\nME|Slide interference\nMF|Play at 1st\nMI|Hit by pitch\nMJ|Pitch result\nNH|Home run`,
  ),
  scheduleEventTypes: rows(`G|Game\nE|Event\nY|Game Day\nP|Practice\nS|Scouting`, ['code', 'name']),
  transactionTypes: codes(
    `TR|Trade\nSFA|Signed as Free Agent\nDES|Declared Free Agency\nREL|Released\nCLW|Claimed Off Waivers\nASG|Assigned\nOPT|Optioned\nRET|Retired\nSC|Status Change\nNUM|Number Change`,
  ),
  logicalEvents: codes(
    `countChange|Count changed\nmidInning|Middle of the inning\nendInning|End of the inning\nnewLeftHandedHit|New left-handed hitter\nnewRightHandedHit|New right-handed hitter\nbasesEmpty|Bases empty\nrunnersOnFirstAndSecond|Runners on first and second\ngameStateChangeToGameOver|Game state changed to Game Over`,
  ),
  fielderDetailTypes: codes(
    `f_putout|Putout\nf_assist|Assist\nf_assist_of|Outfield assist\nf_fielded_ball|Fielded ball\nf_fielding_error|Fielding error\nf_throwing_error|Throwing error\nf_deflection|Deflection\nf_touch|Touch`,
  ),
  runnerDetailTypes: codes(
    `r_adv_force|Advance on force\nr_adv_play|Advance on play\nr_adv_throw|Advance on throw\nr_force_out|Force out\nr_doubled_off|Doubled off\nr_stolen_base_2b|Stolen base 2B\nr_caught_stealing_2b|Caught stealing 2B\nr_pickoff_1b|Picked off 1B`,
  ),
  groupByTypes: codes(`team|Team\nleague|League\nsport|Sport\nposition|Position\ndivision|Division`),
  sortModifiers: codes(`asc|Ascending\ndesc|Descending\nalpha|Alphabetical`),
  gamedayTypes: codes(`P|Premium\nY|Yes\nN|No\nS|Standard\nE|Enhanced\nD|Daily`),
  statFields: rows(
    `avg|Batting average\nobp|On-base percentage\nslg|Slugging percentage\nops|On-base plus slugging\nera|Earned run average\nwhip|Walks and hits per inning pitched`,
    ['name', 'description'],
  ),
  situationCodes: rows(
    `h|1|Home/Away|Home Games|true|true|true|true\na|2|Home/Away|Away Games|true|true|true|true\nd|3|Day/Night|Day Games|true|true|true|true\nn|4|Day/Night|Night Games|true|true|true|true\nvl|5|Opponent|vs Left|false|true|false|true\nvr|6|Opponent|vs Right|false|true|false|true\nrisp|7|Runners|Scoring Position|true|true|false|true`,
    ['code', 'sortOrder', 'navigationMenu', 'description', 'team', 'batting', 'fielding', 'pitching'],
  ),
};
