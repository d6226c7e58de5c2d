/**
 * Ports of the browser tests' servers: worker N (Playwright's parallelIndex, 0-based) talks to the
 * EduFam server on E2E_PORT + N, which sends its e-mail to the test mailbox on E2E_SMTP_PORT + N.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2599);

/** Port of worker `index`'s EduFam server. */
export const e2eServerPort = (index: number) => E2E_PORT + index;

/** Port of worker `index`'s test mailbox (the SMTP_PORT its server sends to). */
export const e2eSmtpPort = (index: number) => E2E_SMTP_PORT + index;
