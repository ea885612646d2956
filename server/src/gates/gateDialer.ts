// Opening a gate by phone (spec 1): the server records the request and, once that is committed, asks a
// dialer to call the gate from the caller's own listed number or the gate's own line (gateOpening.ts). A real telephony provider plugs in by implementing GateDialer; the reference
// dialer writes the call to the server log and reports it placed.

/** `openingId` is the recorded request: a real provider may use it as its own idempotency key. */
export type DialRequest = { companyId: number; gateId: string; gatePhone: string; from: string; openingId: string };
export type DialResult = { status: 'dialed' | 'failed'; reason: string | null };

export type GateDialer = { dial(request: DialRequest): Promise<DialResult> };

export function loggingGateDialer(log: (line: string) => void): GateDialer {
  return {
    dial: async ({ gatePhone, from }) => {
      log(`gate dial ${gatePhone} from ${from}`);
      return { status: 'dialed', reason: null };
    },
  };
}
