import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Loader2, Phone, PhoneOff, Send } from 'lucide-react';
import type { UssdInbox, UssdSimulatorInfo } from '@shared/contracts/ussd';
import { messages } from '@shared/messages';
import { ussdMessages as m } from '@shared/messages/ussd';
import { api } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * /ussd-simulator (issue 36 §3): a basic phone for the demo and the browser tests. Public (a demo
 * visitor finds it without signing in, like the certificate check) and offered only while the server's
 * SMS simulator is on outside production (GET /api/ussd/simulator); otherwise it says so. "Call" starts
 * an Africa's Talking-style session posted to POST /api/ussd/callbacks/<development token>; each reply
 * is appended to the session's text (answers joined by `*`). The SMS inbox shows what the SMS simulator
 * sent to the phone (the one-time code).
 */

/** The Greenhill demo parent (Peter Mwangi Kamau, README "Demo accounts"): the number prefilled. */
const DEMO_PARENT_PHONE = '0720 430 533';

type Call = { kind: 'idle' } | { kind: 'open'; sessionId: string; answers: string[]; screen: string } | { kind: 'ended'; screen: string };

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

export function UssdSimulatorPage() {
  const [info, setInfo] = useState<UssdSimulatorInfo | null | 'error'>(null);
  const [phone, setPhone] = useState(DEMO_PARENT_PHONE);
  const [call, setCall] = useState<Call>({ kind: 'idle' });
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [inbox, setInbox] = useState<UssdInbox['messages']>([]);
  const replyRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    api<UssdSimulatorInfo>('/api/ussd/simulator')
      .then(setInfo)
      .catch(() => setInfo('error'));
  }, []);

  const refreshInbox = useCallback(() => {
    if (!phone.trim()) return;
    api<UssdInbox>(`/api/ussd/simulator/inbox?phone=${encodeURIComponent(phone)}`)
      .then((r) => setInbox(r.messages))
      .catch(() => undefined);
  }, [phone]);

  const post = async (sessionId: string, answers: string[]) => {
    if (!info || info === 'error' || !info.token) return;
    setBusy(true);
    setFailed(false);
    try {
      const res = await fetch(`/api/ussd/callbacks/${encodeURIComponent(info.token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ sessionId, serviceCode: info.serviceCode, phoneNumber: phone.replace(/\s+/g, ''), text: answers.join('*') }).toString(),
      });
      const text = await res.text();
      if (!res.ok || !/^(CON|END) /.test(text)) throw new Error(text);
      const screen = text.slice(4);
      setCall(text.startsWith('CON ') ? { kind: 'open', sessionId, answers, screen } : { kind: 'ended', screen });
      setReply('');
      replyRef.current?.focus();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      refreshInbox();
    }
  };

  const dial = () => void post(`ATUid_sim_${crypto.randomUUID()}`, []);
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (call.kind !== 'open' || busy) return;
    void post(call.sessionId, [...call.answers, reply.trim()]);
  };

  if (info === null) {
    return (
      <Frame>
        <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      </Frame>
    );
  }
  if (info === 'error' || !info.enabled || !info.token) {
    return (
      <Frame>
        <p className="text-sm text-muted-foreground" role="status">
          {m.simulatorOff}
        </p>
      </Frame>
    );
  }

  return (
    <Frame>
      <h1 className="text-xl font-semibold tracking-tight">{m.simulatorTitle}</h1>
      <p className="mt-1 max-w-md text-center text-sm text-muted-foreground">{m.simulatorIntro}</p>
      <div className="mt-6 grid w-full max-w-3xl gap-6 md:grid-cols-[20rem_1fr]">
        <section aria-label={m.simulatorTitle} className="mx-auto w-80 rounded-[2.5rem] border-4 border-zinc-800 bg-zinc-900 p-5 shadow-lg">
          <div className="mb-3 space-y-1">
            <Label htmlFor="ussd-phone" className="text-zinc-300">
              {m.simulatorPhone}
            </Label>
            <Input id="ussd-phone" value={phone} onChange={(e) => setPhone(e.target.value)} disabled={call.kind === 'open'} inputMode="tel" className="bg-zinc-800 text-zinc-100" />
          </div>
          <output
            aria-live="polite"
            data-testid="ussd-screen"
            className="block min-h-48 whitespace-pre-wrap rounded-md bg-lime-100 p-3 font-mono text-[13px] leading-snug text-zinc-900"
          >
            {call.kind === 'idle' ? m.simulatorIdle : call.screen}
            {call.kind === 'ended' && <span className="mt-2 block text-xs text-zinc-600">{m.simulatorEnded}</span>}
          </output>
          {failed && (
            <p role="alert" className="mt-2 text-xs text-red-300">
              {m.simulatorFailed}
            </p>
          )}
          <form onSubmit={send} className="mt-3 flex gap-2">
            <Input
              ref={replyRef}
              aria-label={m.simulatorReply}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              disabled={call.kind !== 'open' || busy}
              inputMode="numeric"
              className="bg-zinc-800 text-zinc-100"
            />
            <Button type="submit" disabled={call.kind !== 'open' || busy || !reply.trim()} aria-label={m.simulatorSend}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            </Button>
          </form>
          <div className="mt-3 grid grid-cols-3 gap-2" role="group" aria-label={m.simulatorKeypad}>
            {KEYS.map((k) => (
              <button
                key={k}
                type="button"
                disabled={call.kind !== 'open' || busy}
                onClick={() => setReply((r) => r + k)}
                className="h-10 rounded-full bg-zinc-700 text-lg font-medium text-zinc-100 hover:bg-zinc-600 disabled:opacity-50"
              >
                {k}
              </button>
            ))}
          </div>
          <div className="mt-3 grid gap-2">
            <Button type="button" onClick={dial} disabled={busy || call.kind === 'open' || !phone.trim()} className="bg-emerald-600 hover:bg-emerald-700">
              <Phone aria-hidden="true" />
              {m.simulatorDial(info.serviceCode)}
            </Button>
            <Button type="button" variant="destructive" onClick={() => setCall({ kind: 'idle' })} disabled={call.kind !== 'open'}>
              <PhoneOff aria-hidden="true" />
              {m.simulatorHangUp}
            </Button>
          </div>
        </section>
        <section aria-label={m.simulatorInbox} className="rounded-xl border bg-card p-4">
          <h2 className="text-sm font-semibold">{m.simulatorInbox}</h2>
          <ul className="mt-2 space-y-2" data-testid="ussd-inbox">
            {inbox.map((s) => (
              <li key={`${s.at}-${s.body}`} className="rounded-md bg-muted p-2 text-sm">
                {s.body}
              </li>
            ))}
            {inbox.length === 0 && <li className="text-sm text-muted-foreground">{m.simulatorInboxEmpty}</li>}
          </ul>
        </section>
      </div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-4 py-10">
      <Link to="/login" className="mb-6 text-lg font-semibold tracking-tight">
        {messages.product.title}
      </Link>
      {children}
    </div>
  );
}
