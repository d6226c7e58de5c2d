/** Kiswahili of ../fleet-health.ts. `localized` in ../fleet-health.ts checks the tables against the English ones. */
export const fleetHealthMessages = {
  title: 'Seva zinazoendesha',
  description: 'Kila seva kwenye hifadhidata hii, kutoka kwa mpigo wa moyo ambao kila moja huandika kila sekunde 10.',
  totals: (live: number, all: number, ratePerMinute: string, errors: string) =>
    `${live} kati ya ${all} hai · maombi ${ratePerMinute} kwa dakika · hitilafu ${errors}`,
  instance: 'Seva',
  host: 'Mwenyeji',
  version: 'Toleo',
  started: 'Ilianza',
  lastSeen: 'Ilionekana mwisho',
  requestsPerMinute: 'Maombi/dakika',
  p95: 'p95',
  memory: 'Kumbukumbu',
  status: 'Hali',
  live: 'Hai',
  stale: 'Imesimama',
  thisInstance: 'hii',
  secondsAgo: (seconds: number) => `sekunde ${seconds} zilizopita`,
  notMeasured: '–',
  unavailable: 'Seva hazikuweza kusomwa kutoka kwenye hifadhidata.',
  staleNote: 'Imesimama: haijaonekana kwa sekunde 30 au zaidi (imezimwa, imekwama au haifikii hifadhidata). Huondolewa baada ya dakika 10.',
};
