import { z } from 'zod';

/**
 * USSD for basic phones (issue 36 §3), on Africa's Talking's USSD protocol
 * (https://developers.africastalking.com/docs/ussd/overview): the gateway posts each step of a session
 * form-encoded to POST /api/ussd/callbacks/:token and shows the plain-text answer, which starts `CON `
 * (the session continues: the phone shows an input) or `END ` (the session ends).
 */

/** The service code a demo visitor dials (Africa's Talking shared code with EduFam's channel). */
export const USSD_SERVICE_CODE = '*384*3326#';

/** Most characters a USSD screen may hold (GSM USSD, 182 7-bit characters), `CON `/`END ` included. */
export const USSD_SCREEN_MAX = 182;

export const ussdCallbackParams = z.object({ token: z.string().max(200) });

/**
 * One step of a session. Every field is optional here so a wrong token answers 404 whatever the body;
 * the route then requires sessionId and phoneNumber.
 */
export const ussdCallbackBody = z
  .object({
    /** The gateway's id of the session, the same for every step of one dial. */
    sessionId: z.string().max(200).optional(),
    /** The code dialled, e.g. *384*3326#. */
    serviceCode: z.string().max(50).optional(),
    /** The caller's number as the network gives it (+2547…). */
    phoneNumber: z.string().max(50).optional(),
    /** Every answer so far joined by `*`; '' on the first request. */
    text: z.string().max(1000).optional(),
    networkCode: z.string().max(20).optional(),
  })
  .optional();

/** The answer: plain text, `CON …` or `END …`. */
export const ussdCallbackResponse = z.string();

/**
 * GET /api/ussd/simulator → whether the USSD simulator page is offered (the SMS simulator is on and
 * the server is not in production), and then the development token it posts with.
 */
export const ussdSimulatorResponse = z.object({
  enabled: z.boolean(),
  serviceCode: z.string(),
  token: z.string().nullable(),
});
export type UssdSimulatorInfo = z.infer<typeof ussdSimulatorResponse>;

/** GET /api/ussd/simulator/inbox?phone= (simulator only): the SMS simulator's latest messages to that phone. */
export const ussdInboxQuery = z.object({ phone: z.string().max(30) });
export const ussdInboxResponse = z.object({ messages: z.array(z.object({ body: z.string(), at: z.string() })) });
export type UssdInbox = z.infer<typeof ussdInboxResponse>;
