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
