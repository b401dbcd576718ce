/** Realistic Peninsula / South Bay demo data (names, streets, cities), drawn deterministically. */

/** A small deterministic random source (mulberry32), so every demo database is the same. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof randomSource>;

export const CITIES = [
  { city: 'San Mateo', zips: ['94401', '94402', '94403'], county: 'San Mateo' },
  { city: 'Burlingame', zips: ['94010'], county: 'San Mateo' },
  { city: 'Hillsborough', zips: ['94010'], county: 'San Mateo' },
  { city: 'Millbrae', zips: ['94030'], county: 'San Mateo' },
  { city: 'Foster City', zips: ['94404'], county: 'San Mateo' },
  { city: 'Belmont', zips: ['94002'], county: 'San Mateo' },
  { city: 'San Carlos', zips: ['94070'], county: 'San Mateo' },
  { city: 'Redwood City', zips: ['94061', '94062', '94063'], county: 'San Mateo' },
  { city: 'Menlo Park', zips: ['94025'], county: 'San Mateo' },
  { city: 'Palo Alto', zips: ['94301', '94303', '94306'], county: 'Santa Clara' },
  { city: 'Mountain View', zips: ['94040', '94041', '94043'], county: 'Santa Clara' },
  { city: 'Los Altos', zips: ['94022', '94024'], county: 'Santa Clara' },
  { city: 'Sunnyvale', zips: ['94085', '94086', '94087'], county: 'Santa Clara' },
  { city: 'Cupertino', zips: ['95014'], county: 'Santa Clara' },
  { city: 'Santa Clara', zips: ['95050', '95051'], county: 'Santa Clara' },
  { city: 'San Jose', zips: ['95117', '95125', '95129'], county: 'Santa Clara' },
] as const;

export const STREETS = [
  'El Camino Real',
  'Alameda de las Pulgas',
  'Hillsdale Blvd',
  'Crystal Springs Rd',
  'Ralston Ave',
  'Hull Ave',
  'Laurel St',
  'Brewster Ave',
  'Woodside Rd',
  'Santa Cruz Ave',
  'Oak Grove Ave',
  'University Ave',
  'Middlefield Rd',
  'Embarcadero Rd',
  'California Ave',
  'Castro St',
  'Grant Rd',
  'Miramonte Ave',
  'Fremont Ave',
  'Homestead Rd',
  'Wolfe Rd',
  'Mathilda Ave',
  'Hollenbeck Ave',
  'Stevens Creek Blvd',
  'Saratoga Ave',
  'Moorpark Ave',
  'Bascom Ave',
  'Lincoln Ave',
  'Winchester Blvd',
  'Magnolia Dr',
  'Cypress Ave',
  'Bayview Dr',
  'Sequoia Ave',
  'Madrone Ct',
  'Willow Rd',
  'Juniper Ln',
] as const;

const EN_FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Susan',
  'Richard',
  'Jessica',
  'Thomas',
  'Sarah',
  'Christopher',
  'Karen',
  'Daniel',
  'Emily',
  'Matthew',
  'Michelle',
  'Andrew',
  'Amanda',
  'Brian',
  'Laura',
  'Steven',
  'Rachel',
  'Eric',
  'Nicole',
] as const;
const EN_LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Miller',
  'Davis',
  'Anderson',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'Wright',
  'Hill',
  'Green',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Campbell',
  'Parker',
  'Collins',
  'Stewart',
  'Murphy',
  'Cooper',
  'Reed',
  'Bailey',
  'Kelly',
  'Howard',
  'Brooks',
  'Bennett',
  'Hughes',
  'Foster',
] as const;
const ES_FIRST = [
  'Carlos',
  'Maria',
  'Jose',
  'Ana',
  'Luis',
  'Sofia',
  'Miguel',
  'Lucia',
  'Alejandro',
  'Gabriela',
  'Diego',
  'Elena',
] as const;
const ES_LAST = [
  'Garcia',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Perez',
  'Sanchez',
  'Ramirez',
  'Torres',
  'Flores',
  'Rivera',
  'Reyes',
  'Morales',
  'Ortiz',
] as const;
const ZH_SURNAMES = [
  ['Wang', '王'],
  ['Li', '李'],
  ['Zhang', '张'],
  ['Liu', '刘'],
  ['Chen', '陈'],
  ['Yang', '杨'],
  ['Huang', '黄'],
  ['Zhao', '赵'],
  ['Wu', '吴'],
  ['Zhou', '周'],
  ['Xu', '徐'],
  ['Sun', '孙'],
  ['Lin', '林'],
  ['Gao', '高'],
  ['Luo', '罗'],
  ['He', '何'],
] as const;
const ZH_GIVEN = [
  ['Wei', '伟'],
  ['Fang', '芳'],
  ['Min', '敏'],
  ['Jing', '静'],
  ['Lei', '磊'],
  ['Yan', '燕'],
  ['Jun', '军'],
  ['Hui', '慧'],
  ['Xin', '欣'],
  ['Ying', '莹'],
  ['Hao', '浩'],
  ['Meiling', '美玲'],
  ['Zhiming', '志明'],
  ['Xiaoyan', '晓燕'],
  ['Yuting', '雨婷'],
  ['Jianguo', '建国'],
] as const;
const ZH_ENGLISH_FIRST = ['Kevin', 'Jennifer', 'Grace', 'Michael', 'Vivian', 'Eric', 'Angela', 'Jason', 'Cindy', 'Tony'] as const;
const IN_FIRST = ['Priya', 'Raj', 'Anil', 'Deepa', 'Arjun', 'Kavya', 'Vikram', 'Ananya', 'Sanjay', 'Meera'] as const;
const IN_LAST = ['Patel', 'Sharma', 'Gupta', 'Iyer', 'Reddy', 'Shah', 'Rao', 'Menon'] as const;
const VN = { first: ['Linh', 'Minh', 'Thao', 'Quang', 'Hoa', 'Tuan'], last: ['Nguyen', 'Tran', 'Pham', 'Le', 'Vo'] } as const;
const KR = { first: ['Ji-woo', 'Min-jun', 'Seo-yeon', 'Hyun', 'Soo-jin'], last: ['Kim', 'Park', 'Lee', 'Choi', 'Jung'] } as const;

export const COMPANIES = [
  'Bayview Dental Group',
  'Castro Street Yoga',
  'Peninsula Family Law',
  'Cypress Pediatrics',
  'Sequoia Realty Partners',
  'Laurel Street Bakery',
  'Redwood Coworking',
  'Hillsdale Physical Therapy',
  'Blue Oak Accounting',
  'Crystal Springs Montessori',
  'Menlo Vision Care',
  'Sunnyvale Tutoring Center',
  'Alameda Architects',
  'Woodside Veterinary Clinic',
  'Stevens Creek Insurance',
] as const;

export interface DemoName {
  name: string;
  first: string;
  last: string;
  language: 'en' | 'zh';
}

/** A name from the mix of the area: about a quarter Chinese (some written in Chinese). */
export function demoName(r: Random): DemoName {
  const roll = r.next();
  if (roll < 0.35) {
    const first = r.pick(EN_FIRST);
    const last = r.pick(EN_LAST);
    return { name: `${first} ${last}`, first, last, language: 'en' };
  }
  if (roll < 0.5) {
    const first = r.pick(ES_FIRST);
    const last = r.pick(ES_LAST);
    return { name: `${first} ${last}`, first, last, language: 'en' };
  }
  if (roll < 0.75) {
    const [surname, surnameZh] = r.pick(ZH_SURNAMES);
    const [given, givenZh] = r.pick(ZH_GIVEN);
    const style = r.next();
    if (style < 0.4) return { name: `${surnameZh}${givenZh}`, first: given, last: surname, language: 'zh' };
    if (style < 0.7) return { name: `${given} ${surname}`, first: given, last: surname, language: 'zh' };
    const english = r.pick(ZH_ENGLISH_FIRST);
    return { name: `${english} ${surname}`, first: english, last: surname, language: 'en' };
  }
  if (roll < 0.85) {
    const first = r.pick(IN_FIRST);
    const last = r.pick(IN_LAST);
    return { name: `${first} ${last}`, first, last, language: 'en' };
  }
  if (roll < 0.93) {
    const first = r.pick(VN.first);
    const last = r.pick(VN.last);
    return { name: `${first} ${last}`, first, last, language: 'en' };
  }
  const first = r.pick(KR.first);
  const last = r.pick(KR.last);
  return { name: `${first} ${last}`, first, last, language: 'en' };
}

/** A fictional 555 phone number, unique per index. */
export function demoPhone(index: number, areaCode = index % 3 === 0 ? '408' : '650'): string {
  return `(${areaCode}) 555-${String(1000 + ((index * 7919) % 9000)).padStart(4, '0')}`;
}

export function demoEmail(name: DemoName, index: number): string {
  const local = `${name.first}.${name.last}`.toLowerCase().replace(/[^a-z.]/g, '');
  return `${local}${index % 7 === 0 ? index : ''}@example.${index % 2 ? 'com' : 'net'}`;
}

export function demoAddress(r: Random) {
  const place = r.pick(CITIES);
  return {
    address1: `${r.int(100, 3999)} ${r.pick(STREETS)}`,
    address2: r.chance(0.12) ? `Apt ${r.int(1, 40)}` : '',
    city: place.city,
    county: place.county,
    state: 'CA',
    zip: r.pick(place.zips),
  };
}

/** A business date `days` before (negative: after) a date. */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** A small valid one-page PDF with a line of text (demo documents). */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
