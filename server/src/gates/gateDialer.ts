// The one telephony interface (spec 1, spec 4). Opening a gate by phone: the server records the request
// and, once that is committed, asks the dialer to call the gate from the caller's own listed number or the
// gate's own line (gateOpening.ts). A code call: the dialer rings a person's phone from a number whose last
// digits are their one-time or deposit code (nobody speaks; the person types the digits). A real telephony
// provider plugs in by implementing GateDialer; the reference dialer writes the calls to the server log
// and reports them placed.

/** `openingId` is the recorded request: a real provider may use it as its own idempotency key. */
export type DialRequest = { companyId: number; gateId: string; gatePhone: string; from: string; openingId: string };
export type DialResult = { status: 'dialed' | 'failed'; reason: string | null };

/** A person's phone rung from `from`; the code is the tail of `from`. */
export type CodeCall = { to: string; from: string };

export type GateDialer = {
  dial(request: DialRequest): Promise<DialResult>;
  ringWithCode(call: CodeCall): Promise<DialResult>;
};

export function loggingGateDialer(log: (line: string) => void): GateDialer {
  return {
    dial: async ({ gatePhone, from }) => {
      log(`gate dial ${gatePhone} from ${from}`);
      return { status: 'dialed', reason: null };
    },
    ringWithCode: async ({ to, from }) => {
      log(`code call ${to} from ${from}`);
      return { status: 'dialed', reason: null };
    },
  };
}
