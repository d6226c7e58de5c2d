/**
 * Kiswahili of ../fees-screens.ts: labels shared by the fees screens and the "Lipa kwa M-Pesa" dialog.
 * `localized` in ../fees-screens.ts checks the table against the English one.
 */
export const feesScreensMessages = {
  kes: (amount: string) => `KES ${amount}`,
  methods: { cash: 'Pesa taslimu', bank_deposit: 'Kuweka benki', cheque: 'Hundi', mpesa: 'M-Pesa', bank_transfer: 'Uhamisho wa benki' },
  invoiceStatus: { unpaid: 'Haijalipwa', partial: 'Imelipwa kiasi', paid: 'Imelipwa', cancelled: 'Imeghairiwa' },
  adjustmentKinds: { credit_note: 'Hati ya salio', discount: 'Punguzo', bursary: 'Basari', waiver: 'Msamaha' },
  adjustmentStatus: { applied: 'Imetumika', pending: 'Inasubiri idhini', rejected: 'Imekataliwa' },
  balanceOwed: 'Salio linalodaiwa',
  inCredit: 'Ana salio la ziada',
  cleared: 'Imelipwa yote',
  pay: {
    button: 'Lipa kwa M-Pesa',
    title: 'Lipa kwa M-Pesa',
    description: (learner: string) => `M-Pesa itaiomba simu iliyo hapa chini kuidhinisha malipo ya ${learner}.`,
    phone: 'Nambari ya simu ya M-Pesa',
    phoneHint: 'Simu itakayopokea ombi la PIN, mfano 0712 345 678.',
    amount: 'Kiasi (KES)',
    amountHint: 'Shilingi kamili.',
    send: 'Tuma ombi la malipo',
    sending: 'Inatuma…',
    pendingTitle: 'Angalia simu yako',
    pendingText: 'Weka PIN yako ya M-Pesa kwenye simu ili kukamilisha malipo. Ukurasa huu utajisasisha wenyewe.',
    succeededTitle: 'Malipo yamepokelewa',
    succeededText: (amount: string, receipt: string) => `KES ${amount} zimepokelewa. Risiti ya M-Pesa ${receipt}.`,
    newBalance: 'Salio jipya',
    receipt: 'Pakua risiti',
    cancelledTitle: 'Malipo yameghairiwa',
    cancelledText: 'Ombi lilighairiwa kwenye simu. Hakuna kilicholipwa.',
    failedTitle: 'Malipo hayakukamilika',
    timeoutTitle: 'Simu haikujibu',
    timeoutText: 'Simu haikujibu kwa wakati. Hakuna kilicholipwa; unaweza kujaribu tena.',
    tryAgain: 'Jaribu tena',
    close: 'Funga',
    simulatorNote: 'Shule ya majaribio: malipo yanaenda kwenye kiigaji cha M-Pesa kilichojengwa ndani, hakuna pesa inayohamishwa.',
  },
};
