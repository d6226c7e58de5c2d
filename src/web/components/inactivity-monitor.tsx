import * as React from 'react';
import { Clock, LogOut } from 'lucide-react';
import { INACTIVITY_SIGN_OUT_MS, INACTIVITY_WARNING_MS } from '@shared/constants';
import { messages } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

const m = messages.inactivity;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/** Marks the warning's own content: activity there is the user answering it (its buttons), not dismissing it. */
const WARNING_ATTR = 'data-inactivity-warning';
/** Keys that operate the warning's buttons (move focus, press one). */
const ANSWER_KEYS = new Set(['Enter', ' ', 'Tab', 'Shift']);

/**
 * Does this activity dismiss the open warning (spec §4: any mouse, key, scroll or touch activity resets
 * the timers)? Yes, except what operates the warning itself: pointing at or touching its content (so
 * "Logout Now" can be clicked), Enter, Space, Tab or Shift on its buttons, and a mousemove without
 * movement.
 */
export function dismissesWarning(event: { type: string; key?: string; movementX?: number; movementY?: number; target: EventTarget | null }): boolean {
  // A browser re-checks hover when the page changes under a still pointer (the warning opening): no move.
  if (event.type === 'mousemove' && !event.movementX && !event.movementY) return false;
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  const inWarning = !!target?.closest?.(`[${WARNING_ATTR}]`);
  if (!inWarning) return true;
  if (event.type === 'keydown') return !ANSWER_KEYS.has(event.key ?? '');
  return event.type === 'wheel' || event.type === 'scroll';
}

/**
 * Inactivity (spec §4): mouse, key, scroll or touch activity resets the timers; a warning modal at 14
 * minutes, which the same activity dismisses (resetting the timers; see dismissesWarning); sign-out at
 * 15 minutes. Timers are plain setTimeouts re-checked against Date.now(), so a
 * sleeping laptop or a test clock that jumps still lands on the right state.
 */
export function InactivityMonitor({ onSignOut }: { onSignOut: () => void }) {
  const lastActivity = React.useRef(Date.now());
  const [warning, setWarning] = React.useState(false);
  const warningRef = React.useRef(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null);
  const signedOut = React.useRef(false);
  const onSignOutRef = React.useRef(onSignOut);
  React.useEffect(() => {
    onSignOutRef.current = onSignOut;
  }, [onSignOut]);

  const check = React.useCallback(function check() {
    if (timer.current) clearTimeout(timer.current);
    if (signedOut.current) return;
    const idle = Date.now() - lastActivity.current;
    if (idle >= INACTIVITY_SIGN_OUT_MS) {
      signedOut.current = true;
      warningRef.current = false;
      setWarning(false);
      onSignOutRef.current();
      return;
    }
    if (idle >= INACTIVITY_WARNING_MS) {
      if (!warningRef.current) {
        warningRef.current = true;
        setWarning(true);
      }
      timer.current = setTimeout(check, INACTIVITY_SIGN_OUT_MS - idle);
      return;
    }
    timer.current = setTimeout(check, INACTIVITY_WARNING_MS - idle);
  }, []);

  const reset = React.useCallback(() => {
    lastActivity.current = Date.now();
    warningRef.current = false;
    setWarning(false);
    check();
  }, [check]);

  React.useEffect(() => {
    // Activity moves the clock; while the warning shows, it also dismisses it (unless it operates it).
    const onActivity = (event: Event) => {
      if (signedOut.current) return;
      if (!warningRef.current) lastActivity.current = Date.now();
      else if (dismissesWarning(event as Event & { key?: string; movementX?: number; movementY?: number })) reset();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true, capture: true });
    lastActivity.current = Date.now();
    check();
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity, { capture: true });
      if (timer.current) clearTimeout(timer.current);
    };
  }, [check, reset]);

  const logoutNow = () => {
    signedOut.current = true;
    if (timer.current) clearTimeout(timer.current);
    setWarning(false);
    onSignOutRef.current();
  };

  return (
    <Dialog open={warning} onOpenChange={(open) => !open && reset()}>
      <DialogContent hideClose className="max-w-md" data-testid="inactivity-warning" {...{ [WARNING_ATTR]: '' }}>
        <DialogHeader>
          <span className="mb-2 flex size-10 items-center justify-center rounded-full bg-amber-500/10 text-amber-600 ring-1 ring-inset ring-amber-500/25 dark:text-amber-400">
            <Clock className="size-5" />
          </span>
          <DialogTitle>{m.title}</DialogTitle>
          <DialogDescription>{m.text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={logoutNow}>
            <LogOut /> {m.logout}
          </Button>
          <Button onClick={reset} autoFocus>
            {m.stay}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
