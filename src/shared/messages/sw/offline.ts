/** Kiswahili of ../offline.ts. */
export const offlineMessages = {
  banner: 'Uko nje ya mtandao. EduFam inaonyesha kilichosawazishwa mwisho kwenye kifaa hiki; mabadiliko yatatumwa utakaporudi mtandaoni.',
  lastUpdated: (at: string) => `Ilisasishwa mwisho ${at}`,
};
