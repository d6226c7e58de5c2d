import type { SmsGateway } from '../../integrations/sms/sms-gateway.js';
import type { SmsSimulator } from '../../integrations/sms/sms-simulator.js';
import { applyDeliveryReport, type DeliveryReportDeps } from './sms.service.js';

/** True when the gateway is the local simulator (it reports deliveries itself). */
export function isSmsSimulator(sms: SmsGateway): sms is SmsSimulator {
  return sms.provider === 'simulator' && typeof (sms as Partial<SmsSimulator>).onDeliveryReport === 'function';
}

/** Tries per report while the message's row does not yet carry the provider id (deliverSms writes it after send). */
const ATTEMPTS = 8;
const RETRY_MS = 150;

/**
 * Feeds the simulator's delivery reports into applyDeliveryReport, as Africa's Talking's callback does
 * for real messages, so the demo and tests see `delivered`. A report that arrives before deliverSms has
 * recorded the message's provider id is retried a few times (unref'd timers). Errors are logged, never
 * thrown. Returns the stop function (app close): later reports are dropped.
 */
export function connectSimulatorReports(
  simulator: SmsSimulator,
  deps: DeliveryReportDeps,
  log: { warn(obj: object, msg: string): void },
): () => void {
  let stopped = false;
  const apply = async (providerMessageId: string, attempt: number): Promise<void> => {
    if (stopped) return;
    try {
      const outcome = await applyDeliveryReport(deps, { providerMessageId, delivered: true });
      if (outcome === 'unknown' && attempt < ATTEMPTS && !stopped) {
        setTimeout(() => void apply(providerMessageId, attempt + 1), RETRY_MS * attempt).unref();
      }
    } catch (err) {
      if (!stopped) log.warn({ err: err instanceof Error ? err.message : String(err), providerMessageId }, 'Simulated SMS delivery report not applied');
    }
  };
  const unsubscribe = simulator.onDeliveryReport((r) => apply(r.providerMessageId, 1));
  return () => {
    stopped = true;
    unsubscribe();
  };
}
