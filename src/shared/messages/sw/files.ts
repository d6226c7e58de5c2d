/**
 * Kiswahili of ../files.ts: uploads and stored files.
 */
export const filesMessages = {
  noFile: 'Chagua faili ya kupakia.',
  tooLarge: (maxMb: number) => `Faili ni kubwa kuliko MB ${maxMb}. Chagua faili ndogo zaidi.`,
  wrongType: (allowed: string) => `Aina hii ya faili haikubaliwi hapa. Pakia ${allowed}.`,
  empty: 'Faili haina kitu.',
  notFound: 'Faili haikupatikana.',
  kinds: {
    photo: 'picha ya JPEG, PNG au WebP',
    logo: 'picha ya JPEG, PNG au WebP',
    import: 'faili ya CSV au kitabu cha Excel (.xlsx)',
    document: 'faili ya PDF, JPEG au PNG',
    attachment: 'PDF au picha (JPEG, PNG, WebP au GIF)',
  },
  attachmentUnknown: 'Kiambatisho kimoja hakikupatikana. Kipakie tena.',
  tooManyAttachments: (max: number) => `Ambatisha faili zisizozidi ${max}.`,
};
