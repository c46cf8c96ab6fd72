/** Built-in name and birthplace lists used to generate real-looking people. */

export interface Origin {
  country: string;
  /** Share of players from this origin (relative weight). */
  weight: number;
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** "City|State" (state may be empty when the real API omits birthStateProvince). */
  places: readonly string[];
  /** Whether people from here often carry a matrilineal surname. */
  matrilineal: boolean;
}

const split = (s: string): string[] => s.trim().split(/\s*,\s*/);

const US_FIRST =
  split(`James, Michael, Robert, John, David, William, Richard, Joseph, Thomas, Christopher, Charles, Daniel,
  Matthew, Anthony, Mark, Andrew, Joshua, Kevin, Brian, George, Timothy, Ryan, Jacob, Gary, Nicholas, Eric, Jonathan,
  Stephen, Justin, Scott, Brandon, Benjamin, Samuel, Gregory, Alexander, Patrick, Frank, Jack, Dennis, Tyler, Aaron,
  Jose, Adam, Nathan, Henry, Zachary, Kyle, Peter, Noah, Ethan, Jeremy, Christian, Austin, Sean, Cody, Logan, Dylan,
  Jordan, Trevor, Bryce, Chase, Garrett, Hunter, Mason, Colton, Shane, Blake, Jake, Luke, Cole, Wyatt, Brady, Spencer,
  Tanner, Carson, Drew, Grant, Caleb, Riley, Seth, Max, Evan, Connor, Paul, Travis, Corey, Derek, Clayton, Zack, Jared,
  Dalton, Reid, Gavin, Owen, Miles, Tucker, Brett, Chad, Dustin, Griffin, Jace, Jarred, Hayden, Parker, Kody, Trey`);

const US_LAST = split(`Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Anderson, Taylor, Thomas, Moore,
  Martin, Jackson, Thompson, White, Harris, Clark, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Hill,
  Green, Adams, Baker, Nelson, Carter, Mitchell, Roberts, Turner, Phillips, Campbell, Parker, Evans, Edwards, Collins,
  Stewart, Morris, Murphy, Cook, Rogers, Morgan, Cooper, Peterson, Bailey, Reed, Kelly, Howard, Cox, Ward, Richardson,
  Watson, Brooks, Wood, James, Bennett, Gray, Hughes, Price, Sanders, Myers, Long, Ross, Foster, Powell, Jenkins, Perry,
  Russell, Sullivan, Bell, Coleman, Butler, Henderson, Barnes, Fisher, Hayes, Hunter, Graham, Wallace, West, Cole, Hansen,
  Bradley, Lane, Olson, Webb, Gallagher, Burke, Schwarz, Kowalski, Lindqvist, Dunning, Ashby, Whitlock, Holloway,
  Crenshaw, Thornton, Marsh, Pruitt, Kessler, Vaughn, Eckert, Langford, Stroud, McAllister, O'Brien, McKinney, Fitzgerald`);

const US_PLACES = split(`Atlanta|GA, Houston|TX, Dallas|TX, San Diego|CA, Los Angeles|CA, Sacramento|CA, Fresno|CA,
  Phoenix|AZ, Tucson|AZ, Tampa|FL, Orlando|FL, Jacksonville|FL, Miami|FL, Chicago|IL, Peoria|IL, Columbus|OH, Toledo|OH,
  Cincinnati|OH, Nashville|TN, Memphis|TN, Louisville|KY, Charlotte|NC, Raleigh|NC, Richmond|VA, Baltimore|MD,
  Philadelphia|PA, Pittsburgh|PA, Newark|NJ, Vineland|NJ, Boston|MA, Portland|OR, Seattle|WA, Spokane|WA, Denver|CO,
  Oklahoma City|OK, Tulsa|OK, Little Rock|AR, Baton Rouge|LA, New Orleans|LA, Birmingham|AL, Mobile|AL, Jackson|MS,
  Kansas City|MO, St. Louis|MO, Omaha|NE, Des Moines|IA, Minneapolis|MN, Milwaukee|WI, Indianapolis|IN, Detroit|MI,
  Grand Rapids|MI, Salt Lake City|UT, Las Vegas|NV, Albuquerque|NM, Austin|TX, San Antonio|TX, Lubbock|TX, Savannah|GA`);

const LATIN_FIRST = split(`Jose, Luis, Carlos, Juan, Miguel, Jesus, Pedro, Rafael, Francisco, Manuel, Ramon, Angel,
  Alejandro, Eduardo, Fernando, Jorge, Ricardo, Roberto, Victor, Wilmer, Yordan, Yandy, Elvis, Starling, Teoscar, Ketel,
  Wander, Vladimir, Ronald, Eugenio, Gleyber, Jeremy, Julio, Cristian, Oneil, Jhonkensy, Deyvison, Ezequiel, Yainer,
  Framber, Cristopher, Ranger, Luisangel, Andres, Jonathan, Enmanuel, Yoendrys, Jasson, Ronny, Raisel, Leody, Edwin`);

const LATIN_LAST = split(`Rodriguez, Martinez, Hernandez, Lopez, Gonzalez, Perez, Sanchez, Ramirez, Torres, Flores,
  Rivera, Gomez, Diaz, Reyes, Cruz, Morales, Ortiz, Gutierrez, Chavez, Ramos, Ruiz, Alvarez, Mendoza, Castillo, Jimenez,
  Moreno, Romero, Herrera, Medina, Aguilar, Vargas, Guzman, Mejia, Pena, Soto, Suarez, Tovar, Arraez, Valdez, Santana,
  Polanco, Encarnacion, Batista, Almonte, Familia, Tejada, Baez, Acuna, Urena, De La Cruz, Abreu, Marte, Cabrera`);

const DR_PLACES = split(`Santo Domingo|, San Pedro de Macoris|, Santiago|, La Romana|, Bani|, San Cristobal|,
  Puerto Plata|, Moca|, Azua|, Bonao|`);
const VE_PLACES = split(`Caracas|, Maracaibo|, Valencia|, Barquisimeto|, Maracay|, Puerto Cabello|, Barcelona|,
  Cumana|`);
const CU_PLACES = split(`Havana|, Santiago de Cuba|, Cienfuegos|, Camaguey|, Pinar del Rio|, Holguin|`);
const PR_PLACES = split(`San Juan|, Bayamon|, Carolina|, Ponce|, Caguas|, Mayaguez|`);
const MX_PLACES = split(`Hermosillo|SO, Culiacan|SI, Guadalajara|JA, Monterrey|NL, Tijuana|BC`);

const JP_FIRST =
  split(`Shota, Yusei, Kenta, Seiya, Yoshinobu, Kodai, Shintaro, Yu, Masataka, Roki, Yuki, Kazuma, Daisuke,
  Hiroto, Takumi, Ren`);
const JP_LAST = split(`Tanaka, Suzuki, Sato, Takahashi, Yamamoto, Nakamura, Kobayashi, Ito, Watanabe, Matsui, Kikuchi,
  Imanaga, Senga, Fujinami, Ogasawara, Yoshida`);
const JP_PLACES = split(`Tokyo|, Osaka|, Yokohama|, Nagoya|, Sapporo|, Fukuoka|, Sendai|, Oshu|`);

const KR_FIRST = split(`Ha-Seong, Hyun-Jin, Ji-Man, Jung-Hoo, Hye-Seong, Woo-Suk, Shin-Soo`);
const KR_LAST = split(`Kim, Lee, Park, Choi, Ryu, Go, Jung`);
const KR_PLACES = split(`Seoul|, Busan|, Incheon|, Daegu|, Gwangju|`);

const CA_PLACES = split(`Toronto|ON, Vancouver|BC, Montreal|QC, Calgary|AB, Ottawa|ON`);

/** Where players come from, with rough shares similar to a modern MLB roster. */
export const ORIGINS: readonly Origin[] = [
  { country: 'USA', weight: 68, firstNames: US_FIRST, lastNames: US_LAST, places: US_PLACES, matrilineal: false },
  {
    country: 'Dominican Republic',
    weight: 11,
    firstNames: LATIN_FIRST,
    lastNames: LATIN_LAST,
    places: DR_PLACES,
    matrilineal: true,
  },
  {
    country: 'Venezuela',
    weight: 7,
    firstNames: LATIN_FIRST,
    lastNames: LATIN_LAST,
    places: VE_PLACES,
    matrilineal: true,
  },
  { country: 'Cuba', weight: 2, firstNames: LATIN_FIRST, lastNames: LATIN_LAST, places: CU_PLACES, matrilineal: true },
  {
    country: 'Puerto Rico',
    weight: 2,
    firstNames: LATIN_FIRST,
    lastNames: LATIN_LAST,
    places: PR_PLACES,
    matrilineal: false,
  },
  {
    country: 'Mexico',
    weight: 2,
    firstNames: LATIN_FIRST,
    lastNames: LATIN_LAST,
    places: MX_PLACES,
    matrilineal: true,
  },
  { country: 'Japan', weight: 2, firstNames: JP_FIRST, lastNames: JP_LAST, places: JP_PLACES, matrilineal: false },
  {
    country: 'South Korea',
    weight: 1,
    firstNames: KR_FIRST,
    lastNames: KR_LAST,
    places: KR_PLACES,
    matrilineal: false,
  },
  { country: 'Canada', weight: 2, firstNames: US_FIRST, lastNames: US_LAST, places: CA_PLACES, matrilineal: false },
];

/** Middle names for fullFMLName. */
export const MIDDLE_NAMES =
  split(`Lee, Allen, James, Michael, Ray, Wayne, Alexander, Joseph, Thomas, Scott, Edward, Dean,
  Andrew, Paul, Nelson, Christopher, Ryan, Daniel, Anthony, Patrick`);

/** Nicknames used occasionally. */
export const NICKNAMES =
  split(`Ace, Boomer, Chipper, Dutch, Flash, Goose, Hammer, Iceman, Jet, Kid, Lefty, Moose, Pudge,
  Red, Rocket, Scooter, Smoke, Sparky, Tank, Tex, Whitey, Bear, Big Cat, Doc`);

/** Umpire and official-scorer names (non-players). */
export const OFFICIAL_FIRST = split(`Alan, Bill, Brian, Chris, Dan, Doug, Gabe, Hunter, Jim, John, Larry, Mark, Mike,
  Nic, Pat, Quinn, Ron, Stu, Tom, Vic, Will, Adam, Ben, Carlos, Dave, Erich, Jeremie, Lance, Laz, Manny`);
