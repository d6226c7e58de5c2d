import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** Configuration rules that keep test aids away from production (issue 32 §1). */
describe('MPESA_SIMULATOR', () => {
  it('is on by default in development and tests, off by default in production', () => {
    expect(loadConfig({}).MPESA_SIMULATOR).toBe('on');
    expect(loadConfig({ NODE_ENV: 'test' }).MPESA_SIMULATOR).toBe('on');
    expect(loadConfig({ NODE_ENV: 'production' }).MPESA_SIMULATOR).toBe('off');
    expect(loadConfig({ MPESA_SIMULATOR: 'off' }).MPESA_SIMULATOR).toBe('off');
  });

  it('refuses to start with MPESA_SIMULATOR=on and NODE_ENV=production, saying how to force it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', MPESA_SIMULATOR: 'on' })).toThrow(/MPESA_SIMULATOR: the Daraja simulator is refused with NODE_ENV=production.*MPESA_SIMULATOR=force/);
  });

  it('force turns it on in production and marks it forced (main.ts warns at start)', () => {
    const forced = loadConfig({ NODE_ENV: 'production', MPESA_SIMULATOR: 'force' });
    expect(forced).toMatchObject({ MPESA_SIMULATOR: 'on', mpesaSimulatorForced: true });
    expect(loadConfig({ MPESA_SIMULATOR: 'force' })).toMatchObject({ MPESA_SIMULATOR: 'on', mpesaSimulatorForced: false });
  });
});

describe('EDUFAM_DEMO_DATE (issue 34: a demo of another day)', () => {
  it('takes a real day written YYYY-MM-DD, refuses anything else and refuses production', () => {
    expect(loadConfig({ EDUFAM_DEMO_DATE: '2028-02-29' }).EDUFAM_DEMO_DATE).toBe('2028-02-29');
    expect(() => loadConfig({ EDUFAM_DEMO_DATE: '2027-02-29' })).toThrow(/EDUFAM_DEMO_DATE must be a date written YYYY-MM-DD/);
    expect(() => loadConfig({ EDUFAM_DEMO_DATE: '10/03/2027' })).toThrow(/EDUFAM_DEMO_DATE must be a date written YYYY-MM-DD/);
    expect(() => loadConfig({ NODE_ENV: 'production', EDUFAM_DEMO_DATE: '2027-03-10' })).toThrow(/EDUFAM_DEMO_DATE: a demo of another day moves the server's clock and is refused with NODE_ENV=production/);
  });
});
