/** Kiswahili of ../admission-number.ts. */
export const admissionNumberMessages = {
  patternRequired: 'Andika mpangilio wa nambari ya usajili, mfano GHA/{YYYY}/{SEQ:4}.',
  patternTooLong: 'Mpangilio usizidi herufi 30.',
  seqTokenCount: 'Mpangilio unahitaji alama moja tu ya {SEQ:n}, mfano {SEQ:4}.',
  seqWidth: 'Upana wa {SEQ:n} uwe kati ya 1 na 9.',
  unknownToken: 'Kuna alama isiyojulikana katika mpangilio: tumia {YYYY}, {YY} na {SEQ:n}.',
  literalCharacters: 'Mpangilio unaweza kuwa na herufi, tarakimu na / - _ . pamoja na alama zake.',
};
