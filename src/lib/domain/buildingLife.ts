// Entity shapes of building life (issue 16): rooms and their bookings, building events, gates, and
// messages with their deliveries. Times of bookings and events are the building's wall clock,
// 'yyyy-mm-ddTHH:MM' (Israel), as in bookingRules.ts; instants (createdAt …) are ISO-8601 UTC.
import type { MessageTopic } from './notificationPrefs.ts';
import type { Booking, Room } from './bookingRules.ts';
import type { Versioned } from './entities.ts';
import type { GateAccess, GateVia } from './gateRules.ts';

/** A room or amenity of a building (club room, roof, guest parking) with its booking rules. */
export type BuildingRoom = Versioned &
  Room & {
    id: string;
    buildingId: number;
    name: string;
    /** Charged to the apartment as a debt when booked; 0 = free. Integer agorot (lib/agorot.ts). */
    feeAgorot: number;
  };

export type RoomBooking = Versioned &
  Booking & {
    roomId: string;
    buildingId: number;
    /** Full name of who booked (from the session). */
    bookedBy: string;
    createdAt: string;
    cancelledAt: string | null;
    cancelledBy: string | null;
    /** The room's fee when booked, charged to the apartment in the ledger (0 = free); integer agorot. */
    feeAgorot: number;
    /** A tenant asked the management company to cancel (on the day, when they may not cancel themselves). */
    cancelRequestedAt: string | null;
    cancelRequestedBy: string | null;
  };

/** A scheduled building event (cleaning day, pest control) set by staff or the committee. */
export type BuildingEvent = Versioned & {
  id: string;
  buildingId: number;
  title: string;
  notes: string;
  start: string;
  end: string;
  createdBy: string;
};

/** A gate opened by a phone call: its own number, and the numbers allowed to dial it. */
export type Gate = Versioned & {
  id: string;
  buildingId: number;
  name: string;
  gatePhone: string;
  /** Residents' and listed people's own numbers: shown only to those who manage gates. */
  dialingPhones: string[];
  /** A public gate is created, changed and deleted only through the committee (spec 6). */
  isPublic: boolean;
  /** The gate's own line the dialer calls from for residents a public gate admits without a listed phone (gateRules.ts). */
  dialerLine: string | null;
};

/**
 * A gate as its reader gets it: the phone list and the line only for those who manage gates, the gate's
 * phone to them and to those whose own phone opens it, and for everyone whether they may open it and how
 * (lib/domain/gateRules.ts).
 */
export type GateView = Omit<Gate, 'gatePhone' | 'dialingPhones' | 'dialerLine'> &
  Partial<Pick<Gate, 'gatePhone' | 'dialingPhones' | 'dialerLine'>> & { access: GateAccess };

/** queued → dialing → dialed | failed: the dialer is called after the request's transaction commits. */
export type GateOpeningStatus = 'queued' | 'dialing' | 'dialed' | 'failed';

export type GateOpening = {
  id: string;
  gateId: string;
  requestedAt: string;
  dialedFrom: string;
  via: GateVia;
  status: GateOpeningStatus;
  reason: string | null;
};

/** An open request as those who manage gates read it: who asked, how, and what the dialer answered. */
export type GateOpeningRecord = Omit<GateOpening, 'via'> & { via: GateVia | null; userId: number; userName: string; dialedAt: string | null };

/** A message to a building's owners and/or renters, sent by e-mail, SMS and push (one delivery row each). */
export type Message = {
  id: string;
  buildingId: number;
  subject: string;
  body: string;
  imageId: string | null;
  owners: boolean;
  renters: boolean;
  channels: ('email' | 'sms' | 'push')[];
  pinned: boolean;
  sentBy: string;
  createdAt: string;
  /** What it is about (lib/domain/notificationPrefs.ts): recipients may turn a topic off. */
  topic: MessageTopic;
};

/** Per channel: recipients reached, sent, failed (with reasons), still queued, and who has no address. */
export type ChannelCounts = {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  noAddress: number;
  /** Not sent: the recipient turned this channel or topic off. */ optedOut: number;
};
export type DeliveryReport = Record<'email' | 'sms' | 'push', ChannelCounts>;
