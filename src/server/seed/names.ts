/** Kenyan given names and surnames for demo data. */
export const FEMALE_NAMES = [
  'Achieng', 'Akinyi', 'Amani', 'Aisha', 'Atieno', 'Chebet', 'Cherono', 'Faith', 'Grace', 'Halima', 'Imani',
  'Jebet', 'Joy', 'Kanini', 'Kawira', 'Makena', 'Mercy', 'Mumbi', 'Mwende', 'Nafula', 'Nanjala', 'Njeri',
  'Nyambura', 'Wairimu', 'Wambui', 'Wanjiku', 'Wanjiru', 'Zawadi', 'Esther', 'Lucy', 'Naliaka', 'Auma',
  'Jepkoech', 'Nekesa', 'Neema', 'Shiro', 'Tabitha', 'Waceke', 'Adhiambo', 'Fatuma',
];
export const MALE_NAMES = [
  'Baraka', 'Brian', 'Daniel', 'David', 'Emmanuel', 'Hassan', 'Jabari', 'James', 'John', 'Juma', 'Kamau',
  'Kevin', 'Kibet', 'Kiprono', 'Kipchoge', 'Mwangi', 'Musa', 'Njoroge', 'Odhiambo', 'Omondi', 'Otieno',
  'Peter', 'Samuel', 'Wafula', 'Wekesa', 'Kiplagat', 'Onyango', 'Mutua', 'Kariuki', 'Ochieng', 'Simiyu',
  'Ali', 'Collins', 'Dennis', 'Felix', 'Ian', 'Joseph', 'Mark', 'Stephen', 'Victor',
];
export const SURNAMES = [
  'Kamau', 'Wanjiru', 'Otieno', 'Ochieng', 'Mwangi', 'Njoroge', 'Kiprop', 'Chebet', 'Wafula', 'Mutua',
  'Odhiambo', 'Kariuki', 'Mohamed', 'Korir', 'Kimani', 'Onyango', 'Njeri', 'Barasa', 'Wekesa', 'Macharia',
  'Kibet', 'Rotich', 'Maina', 'Nyaga', 'Omondi', 'Kiplagat', 'Ndungu', 'Gitau', 'Mutiso', 'Musyoka',
  'Achieng', 'Owino', 'Simiyu', 'Langat', 'Mugo', 'Karanja', 'Cheruiyot', 'Atieno', 'Hassan', 'Kilonzo',
];

/** Small deterministic PRNG (mulberry32) so every fresh database gets the same demo data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}
