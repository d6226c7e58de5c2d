import { zodResolver as hookformZodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { translateEnglish } from '@shared/i18n/localized';

/**
 * react-hook-form's zod resolver whose messages come in the language on screen (issue 36 §1): a
 * shared schema's messages were fixed in English when its module loaded (zod keeps strings, not
 * keys), so each error's message is put in the current language (translateEnglish) before a form
 * shows it. Same signature as @hookform/resolvers' zodResolver.
 */
export const zodResolver = ((...args: Parameters<typeof hookformZodResolver>) => {
  const resolve = (hookformZodResolver as (...a: unknown[]) => Resolver<FieldValues>)(...args);
  const wrapped: Resolver<FieldValues> = async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateMessages(result.errors, new Set());
    return result;
  };
  return wrapped;
}) as typeof hookformZodResolver;

/** Rewrites every `message` of a FieldErrors tree in place (skipping the inputs' DOM refs). */
function translateMessages(node: unknown, seen: Set<unknown>): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string') record.message = translateEnglish(record.message);
  for (const [key, value] of Object.entries(record)) if (key !== 'ref' && key !== 'message') translateMessages(value, seen);
}
