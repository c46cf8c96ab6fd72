/** Person bodies as served by /v1/people and embedded in feeds and rosters. */

import { fullName } from '../people-gen.js';
import type { League, Person } from '../types.js';
import { HANDS, personLink, position, teamRef } from './common.js';

/** Changes applied to a person's record by the simulated change log. */
export interface PersonOverlay {
  teamId?: number;
  primaryNumber?: string;
  rosterStatus?: string;
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function age(birthDate: string, onDate: string): number {
  let a = Number(onDate.slice(0, 4)) - Number(birthDate.slice(0, 4));
  if (onDate.slice(5) < birthDate.slice(5)) a -= 1;
  return a;
}

/**
 * Renders a person. `onDate` sets currentAge; `withTeam` adds currentTeam (as the hydrated real
 * body does); `overlay` carries simulated record changes (trade, new number).
 */
export function renderPerson(
  league: League,
  p: Person,
  onDate: string,
  opts: { withTeam: boolean; overlay?: PersonOverlay },
) {
  const name = fullName(p);
  const first = p.useName;
  const teamId = opts.overlay?.teamId ?? p.teamId;
  const team = teamId ? league.teamById.get(teamId) : undefined;
  const middle = p.middleName ? ` ${p.middleName}` : '';
  const body: Record<string, unknown> = {
    id: p.id,
    fullName: name,
    link: personLink(p.id),
    firstName: p.firstName,
    lastName: p.lastName,
  };
  if (p.isPlayer) body.primaryNumber = opts.overlay?.primaryNumber ?? p.primaryNumber;
  body.birthDate = p.birthDate;
  body.currentAge = age(p.birthDate, onDate);
  body.birthCity = p.birthCity;
  if (p.birthStateProvince) body.birthStateProvince = p.birthStateProvince;
  body.birthCountry = p.birthCountry;
  body.height = `${Math.floor(p.heightIn / 12)}' ${p.heightIn % 12}"`;
  body.weight = p.weight;
  body.active = true;
  if (opts.withTeam && team) body.currentTeam = teamRef(team);
  body.primaryPosition = position(p.position || 'U');
  body.useName = p.useName;
  body.useLastName = p.useLastName;
  if (p.middleName) body.middleName = p.middleName;
  body.boxscoreName = p.boxscoreName;
  if (p.nickName) body.nickName = p.nickName;
  body.gender = 'M';
  if (p.nameMatrilineal) body.nameMatrilineal = p.nameMatrilineal;
  if (p.nameSuffix) body.nameSuffix = p.nameSuffix;
  if (p.nameTitle) body.nameTitle = p.nameTitle;
  body.isPlayer = p.isPlayer;
  body.isVerified = p.isVerified;
  if (p.draftYear) body.draftYear = p.draftYear;
  if (p.pronunciation) body.pronunciation = p.pronunciation;
  if (p.mlbDebutDate) body.mlbDebutDate = p.mlbDebutDate;
  body.batSide = { code: p.bats, description: HANDS[p.bats] };
  body.pitchHand = { code: p.throws, description: HANDS[p.throws] };
  body.nameFirstLast = name;
  body.nameSlug = `${slug(`${first} ${p.useLastName}`)}-${p.id}`;
  body.firstLastName = name;
  body.lastFirstName = `${p.useLastName}, ${first}`;
  body.lastInitName = `${p.useLastName}, ${first[0]}`;
  body.initLastName = `${first[0]} ${p.useLastName}`;
  body.fullFMLName = `${p.firstName}${middle} ${p.lastName}`;
  body.fullLFMName = `${p.lastName}, ${p.firstName}${middle}`;
  if (p.isPlayer) {
    body.strikeZoneTop = p.szTop;
    body.strikeZoneBottom = p.szBot;
  }
  return body;
}
