import { localized } from '../i18n/localized.js';
import * as sw from './sw/files.js';

/**
 * User-facing strings of uploads and stored files (issue 10 §5). Part of `messages` as `messages.files`.
 */
export const filesMessages = localized('files/filesMessages', {
  noFile: 'Choose a file to upload.',
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB. Choose a smaller file.`,
  wrongType: (allowed: string) => `This type of file is not accepted here. Upload ${allowed}.`,
  empty: 'The file is empty.',
  notFound: 'File not found.',
  kinds: {
    photo: 'a JPEG, PNG or WebP image',
    logo: 'a JPEG, PNG or WebP image',
    import: 'a CSV file or an Excel workbook (.xlsx)',
    document: 'a PDF, JPEG or PNG file',
    attachment: 'a PDF or an image (JPEG, PNG, WebP or GIF)',
  },
  attachmentUnknown: 'An attachment was not found. Upload it again.',
  tooManyAttachments: (max: number) => `Attach at most ${max} files.`,
} as const, { sw: sw.filesMessages });
