/**
 * Kiswahili of ../payroll.ts: the payroll API's errors. `localized` in ../payroll.ts checks the table.
 */
export const payrollMessages = {
  grossInvalid: 'Mshahara ghafi lazima uwe kiasi kwa KES kuanzia 0 hadi 10,000,000 chenye desimali zisizozidi mbili.',
  amountInvalid: 'Andika kiasi kwa KES kuanzia 0 hadi 10,000,000 chenye desimali zisizozidi mbili.',
  payDateInvalid: 'Andika tarehe ya malipo kwa mpangilio dd/mm/yyyy.',
  monthInvalid: 'Andika mwezi kwa mpangilio YYYY-MM.',
  componentAmountInvalid: 'Andika kiasi cha kila mwezi kwa KES kisichozidi 10,000,000 chenye desimali zisizozidi mbili.',
  negativeOnlyAdjustment: 'Marekebisho pekee ndiyo yanaweza kuwa hasi.',
  endBeforeStart: 'Mwezi wa mwisho hauwezi kuwa kabla ya mwezi wa kuanza.',
  staffInvalid: 'Chagua mfanyakazi.',
  staffNotFound: 'Mfanyakazi huyo hakupatikana.',
  staffExited: 'Mfanyakazi huyo ameondoka shuleni.',
  codeInvalid: 'Andika msimbo mfupi wa kipengele (mfano house, sacco).',
  componentNameInvalid: 'Andika jina la kipengele kama linavyopaswa kuonekana kwenye hati ya mshahara.',
  componentNotFound: 'Kipengele hicho cha mshahara hakikupatikana.',
  componentLocked: (month: string) => `Mishahara ya ${month} imewasilishwa au imeidhinishwa: badiliko linaloanza mwezi huo halitalingana na hati zake za mshahara. Anzisha badiliko kuanzia mwezi wa baadaye, au ongeza marekebisho kwenye mzunguko ujao.`,
  payDayInvalid: 'Siku ya malipo ni tarehe ya mwezi kuanzia 1 hadi 31.',
  runNotFound: 'Mzunguko huo wa mishahara haukupatikana.',
  noStaff: 'Hakuna mfanyakazi hai mwenye mshahara wa msingi unaotumika mwezi huo: ongeza vipengele vya mshahara kwanza.',
  runLocked: 'Mzunguko huu wa mishahara umewasilishwa au umeidhinishwa na hauwezi kubadilishwa. Masahihisho huingia kwenye mzunguko ujao kama marekebisho.',
  runNotDraft: 'Ni mzunguko wa mishahara ulio rasimu pekee unaoweza kuwasilishwa.',
  runAlreadyApproved: 'Mzunguko huu wa mishahara tayari umeidhinishwa.',
  runNotSubmitted: 'Ni mzunguko wa mishahara uliowasilishwa pekee unaoweza kukataliwa.',
  employerPinInvalid: 'Andika KRA PIN ya mwajiri kama herufi, tarakimu tisa na herufi (mfano P051234567K).',
  futureMonth: 'Mzunguko wa mishahara unaweza kukokotolewa hadi miezi mitatu mbele.',
};
