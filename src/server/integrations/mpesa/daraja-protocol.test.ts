import { describe, expect, it } from 'vitest';
import {
  C2B_RESULT_CODES,
  DarajaProtocolError,
  STK_RESULT_CODES,
  STK_RESULT_MEANINGS,
  c2bAccept,
  c2bReject,
  confirmationAck,
  darajaAmountToCents,
  darajaTimestamp,
  normaliseAccountReference,
  parseC2bRequest,
  parseDarajaTimestamp,
  parseStkCallback,
  stkOutcome,
  stkPassword,
} from './daraja-protocol.js';

const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

/** The documented success callback (mpesa-daraja.md §STK callback), items in the documented order. */
function successCallback(items: unknown[] = documentedItems()) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: 'ws_CO_191220191020363925',
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: { Item: items },
      },
    },
  };
}
function documentedItems(): unknown[] {
  return [
    { Name: 'Amount', Value: 1.0 },
    { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
    { Name: 'Balance' },
    { Name: 'TransactionDate', Value: 20191219102115 },
    { Name: 'PhoneNumber', Value: 254708374149 },
  ];
}

function c2bBody(overrides: Record<string, unknown> = {}) {
  return {
    TransactionType: 'Pay Bill',
    TransID: 'RKTQDM7W6S',
    TransTime: '20191122063845',
    TransAmount: '1500.00',
    BusinessShortCode: '600638',
    BillRefNumber: 'gha/2026/0042',
    InvoiceNumber: '',
    OrgAccountBalance: '49197.00',
    ThirdPartyTransID: '',
    MSISDN: '25470****149',
    FirstName: 'John',
    MiddleName: '',
    LastName: 'Doe',
    ...overrides,
  };
}

describe('darajaTimestamp (Africa/Nairobi, UTC+3)', () => {
  it('formats YYYYMMDDHHmmss three hours ahead of UTC, across day, month and year boundaries', () => {
    expect(darajaTimestamp(new Date('2026-01-15T09:05:03Z'))).toBe('20260115120503');
    expect(darajaTimestamp(new Date('2025-12-31T21:00:00Z'))).toBe('20260101000000');
    expect(darajaTimestamp(new Date('2025-12-31T20:59:59.999Z'))).toBe('20251231235959');
    expect(darajaTimestamp(new Date('2024-02-28T22:30:00Z'))).toBe('20240229013000');
  });

  it('agrees with the tz database for Africa/Nairobi (no daylight saving) through the year', () => {
    const fmt = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Nairobi',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    for (let month = 0; month < 12; month++) {
      const at = new Date(Date.UTC(2026, month, 10, 22, 17, 9));
      const parts = Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
      expect(darajaTimestamp(at)).toBe(`${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`);
    }
  });

  it('parses back to the same instant, from a string or a number, and rejects impossible times', () => {
    const at = new Date('2026-03-01T06:07:08Z');
    expect(parseDarajaTimestamp(darajaTimestamp(at))?.toISOString()).toBe(at.toISOString());
    expect(parseDarajaTimestamp(20191219102115)?.toISOString()).toBe('2019-12-19T07:21:15.000Z');
    for (const bad of ['', '2019121910211', '20190231102115', '20191219250000', '20191219106000', 'abc', null, undefined]) {
      expect(parseDarajaTimestamp(bad)).toBeNull();
    }
  });
});

describe('stkPassword', () => {
  it('is base64(shortcode + passkey + timestamp)', () => {
    const pw = stkPassword('174379', SANDBOX_PASSKEY, '20160216165627');
    expect(Buffer.from(pw, 'base64').toString()).toBe(`174379${SANDBOX_PASSKEY}20160216165627`);
    // Safaricom's published example for these inputs.
    expect(pw).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
  });
});

describe('darajaAmountToCents', () => {
  it('converts numbers and decimal strings exactly', () => {
    expect(darajaAmountToCents(1)).toBe(100);
    expect(darajaAmountToCents(1.0)).toBe(100);
    expect(darajaAmountToCents('1.00')).toBe(100);
    expect(darajaAmountToCents('1500.00')).toBe(150_000);
    expect(darajaAmountToCents('19.99')).toBe(1999);
    expect(darajaAmountToCents(19.99)).toBe(1999);
    expect(darajaAmountToCents(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(darajaAmountToCents('10.5')).toBe(1050);
    expect(darajaAmountToCents('7.000')).toBe(700);
    expect(darajaAmountToCents(' 250000 ')).toBe(25_000_000);
  });

  it('returns null for what is not a non-negative amount in whole cents', () => {
    for (const bad of ['', 'abc', '-1', -1, '1.005', 1.005, '1e3', 1e21, Number.NaN, Infinity, '1,000', null, undefined, {}, '.5']) {
      expect(darajaAmountToCents(bad), String(bad)).toBeNull();
    }
  });
});

describe('parseStkCallback', () => {
  it('reads a success callback in the documented order', () => {
    expect(parseStkCallback(successCallback())).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      paid: {
        amountCents: 100,
        receipt: 'NLJ7RT61SV',
        transactionDate: new Date('2019-12-19T07:21:15Z'),
        phone: '254708374149',
      },
    });
  });

  it('reads items by name, whatever their order, and with Balance absent or valued', () => {
    const items = documentedItems().reverse();
    const result = parseStkCallback(successCallback(items));
    expect(result.paid).toMatchObject({ amountCents: 100, receipt: 'NLJ7RT61SV', phone: '254708374149' });
    const noBalance = documentedItems().filter((i) => (i as { Name: string }).Name !== 'Balance');
    expect(parseStkCallback(successCallback(noBalance)).paid?.amountCents).toBe(100);
    const valued = [{ Name: 'Balance', Value: 12000 }, ...noBalance];
    expect(parseStkCallback(successCallback(valued)).paid?.receipt).toBe('NLJ7RT61SV');
  });

  it('accepts Amount written as the JSON literal 1.00 or as the string "1.00", and ResultCode as a string', () => {
    const raw = JSON.stringify(successCallback()).replace('"Value":1}', '"Value":1.00}');
    expect(raw).toContain('"Name":"Amount","Value":1.00}');
    expect(parseStkCallback(JSON.parse(raw)).paid?.amountCents).toBe(100);
    const stringy = successCallback(documentedItems().map((i) => ((i as { Name: string }).Name === 'Amount' ? { Name: 'Amount', Value: '1500.50' } : i)));
    (stringy.Body.stkCallback as Record<string, unknown>).ResultCode = '0';
    const r = parseStkCallback(stringy);
    expect(r.resultCode).toBe(0);
    expect(r.paid?.amountCents).toBe(150_050);
  });

  it('returns paid: null for failures, which carry no metadata, with the numeric code', () => {
    const body = {
      Body: {
        stkCallback: {
          MerchantRequestID: '8555-67195-1',
          CheckoutRequestID: 'ws_CO_27072017151044001',
          ResultCode: '1032',
          ResultDesc: 'Request cancelled by user',
        },
      },
    };
    expect(parseStkCallback(body)).toEqual({
      merchantRequestId: '8555-67195-1',
      checkoutRequestId: 'ws_CO_27072017151044001',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
      paid: null,
    });
  });

  it('leaves TransactionDate and PhoneNumber null when absent or unusable', () => {
    const items = [
      { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
      { Name: 'Amount', Value: 5 },
      { Name: 'TransactionDate', Value: 'soon' },
    ];
    expect(parseStkCallback(successCallback(items)).paid).toEqual({ amountCents: 500, receipt: 'NLJ7RT61SV', transactionDate: null, phone: null });
  });

  it('throws DarajaProtocolError saying what is wrong', () => {
    const cases: [unknown, RegExp][] = [
      [null, /body is invalid/],
      [{}, /Body is missing/],
      [{ Body: {} }, /Body\.stkCallback is missing/],
      [{ Body: { stkCallback: { MerchantRequestID: 'x', ResultCode: 0 } } }, /CheckoutRequestID is missing/],
      [{ Body: { stkCallback: { MerchantRequestID: 'x', CheckoutRequestID: ' ', ResultCode: 0 } } }, /CheckoutRequestID is invalid/],
      [{ Body: { stkCallback: { MerchantRequestID: 'x', CheckoutRequestID: 'ws', ResultCode: 'zero' } } }, /ResultCode is invalid/],
      [{ Body: { stkCallback: { MerchantRequestID: 'x', CheckoutRequestID: 'ws', ResultCode: 0 } } }, /without CallbackMetadata/],
      [successCallback(documentedItems().slice(1)), /without an Amount item/],
      [successCallback([{ Name: 'Amount' }, ...documentedItems().slice(1)]), /without an Amount item/],
      [successCallback([{ Name: 'Amount', Value: '1.005' }, ...documentedItems().slice(1)]), /Amount "1\.005" is not a positive KES amount/],
      [successCallback([{ Name: 'Amount', Value: 0 }, ...documentedItems().slice(1)]), /Amount 0 is not a positive/],
      [successCallback(documentedItems().filter((i) => (i as { Name: string }).Name !== 'MpesaReceiptNumber')), /without a MpesaReceiptNumber/],
      [successCallback([{ Name: 'Amount', Value: 1 }, { Name: 'MpesaReceiptNumber', Value: '' }]), /without a MpesaReceiptNumber/],
    ];
    for (const [body, message] of cases) {
      expect(() => parseStkCallback(body), JSON.stringify(body)).toThrow(DarajaProtocolError);
      expect(() => parseStkCallback(body), JSON.stringify(body)).toThrow(message);
    }
  });
});

describe('parseC2bRequest', () => {
  it('reads a confirmation into cents, an instant and trimmed strings, keeping the masked MSISDN', () => {
    expect(parseC2bRequest(c2bBody())).toEqual({
      transactionType: 'Pay Bill',
      transId: 'RKTQDM7W6S',
      transTime: new Date('2019-11-22T03:38:45Z'),
      amountCents: 150_000,
      shortcode: '600638',
      billRefNumber: 'gha/2026/0042',
      invoiceNumber: '',
      msisdn: '25470****149',
      firstName: 'John',
      middleName: '',
      lastName: 'Doe',
      thirdPartyTransId: '',
      orgAccountBalance: '49197.00',
    });
  });

  it('reads a validation request with optional fields absent, and tolerates numbers', () => {
    const r = parseC2bRequest({ TransID: 'UAB1CD2EF3', TransAmount: 10, BusinessShortCode: 600000, MSISDN: 254708374149, TransTime: 'x' });
    expect(r).toMatchObject({ transId: 'UAB1CD2EF3', amountCents: 1000, shortcode: '600000', msisdn: '254708374149', transTime: null, billRefNumber: '', orgAccountBalance: '' });
  });

  it('throws DarajaProtocolError for missing TransID or shortcode and for bad amounts', () => {
    const cases: [unknown, RegExp][] = [
      ['text', /body is invalid/],
      [c2bBody({ TransID: undefined }), /TransID is missing/],
      [c2bBody({ TransID: '' }), /TransID is invalid/],
      [c2bBody({ BusinessShortCode: undefined }), /BusinessShortCode is missing/],
      [c2bBody({ TransAmount: undefined }), /TransAmount is missing/],
      [c2bBody({ TransAmount: 'ten' }), /TransAmount "ten" is not a positive KES amount/],
      [c2bBody({ TransAmount: '0.00' }), /TransAmount "0\.00" is not a positive/],
      [c2bBody({ TransAmount: '-5.00' }), /not a positive/],
      [c2bBody({ FirstName: { a: 1 } }), /FirstName is invalid/],
    ];
    for (const [body, message] of cases) {
      expect(() => parseC2bRequest(body), JSON.stringify(body)).toThrow(DarajaProtocolError);
      expect(() => parseC2bRequest(body), JSON.stringify(body)).toThrow(message);
    }
  });
});

describe('result codes and answers', () => {
  it('maps STK result codes to outcomes', () => {
    expect(stkOutcome(0)).toBe('succeeded');
    expect(stkOutcome(1032)).toBe('cancelled');
    expect(stkOutcome(1037)).toBe('timeout');
    expect(stkOutcome(1019)).toBe('timeout');
    for (const code of [1, 1001, 1025, 2001, 9999, 42]) expect(stkOutcome(code)).toBe('failed');
  });

  it('knows the documented codes and gives each a meaning', () => {
    expect(Object.values(STK_RESULT_CODES).sort((a, b) => a - b)).toEqual([0, 1, 1001, 1019, 1025, 1032, 1037, 2001, 9999]);
    for (const code of Object.values(STK_RESULT_CODES)) expect(STK_RESULT_MEANINGS[code]).toBeTruthy();
    expect(Object.values(C2B_RESULT_CODES)).toEqual(['C2B00011', 'C2B00012', 'C2B00013', 'C2B00014', 'C2B00015', 'C2B00016']);
  });

  it('answers validation and confirmation exactly as documented', () => {
    expect(JSON.stringify(c2bAccept())).toBe('{"ResultCode":"0","ResultDesc":"Accepted"}');
    expect(JSON.stringify(c2bReject(C2B_RESULT_CODES.INVALID_ACCOUNT_NUMBER))).toBe('{"ResultCode":"C2B00012","ResultDesc":"Rejected"}');
    expect(JSON.stringify(confirmationAck())).toBe('{"ResultCode":0,"ResultDesc":"Accepted"}');
  });
});

describe('normaliseAccountReference', () => {
  it('upper-cases and keeps only letters and digits', () => {
    expect(normaliseAccountReference(' gha/2026/0042 ')).toBe('GHA20260042');
    expect(normaliseAccountReference('GHA20260042')).toBe('GHA20260042');
    expect(normaliseAccountReference('gha-2026_0042.')).toBe('GHA20260042');
    expect(normaliseAccountReference('ＧＨＡ２０２６')).toBe('GHA2026'); // full-width letters and digits
    expect(normaliseAccountReference(' / - ')).toBe('');
    expect(normaliseAccountReference('adm 7')).not.toBe(normaliseAccountReference('adm 8'));
  });
});
