// Who may do what: one table read by the server (which refuses) and by the screens (which hide).
// A user has a role, the permission flags of spec section 6, and a building scope; an action is allowed
// when one of its grants names the role and, if the grant names a flag, that flag is non-zero.

export const roles = ['worker', 'manager', 'maintenanceManager', 'committee', 'owner', 'renter', 'receptionist', 'supplier', 'admin'] as const;
export type Role = (typeof roles)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

/** Spec section 6: a non-zero value switches the feature on for the user. */
export type FlagName = 'PermSrvCall' | 'PermClearing' | 'showChecksDeposit' | 'allowReceptionistModule';
export type Flags = Record<FlagName, number>;

export type Actor = { role: Role; flags: Flags };

/**
 * Which buildings a role sees: `company` all buildings of the company; `assigned` the buildings
 * assigned to the user (a worker's round, a committee member's or a guard's building, a supplier's
 * contracts, a tenant's home).
 */
export type BuildingScope = 'company' | 'assigned';

export const buildingScopes: Record<Role, BuildingScope> = {
  worker: 'assigned',
  manager: 'company',
  maintenanceManager: 'company',
  committee: 'assigned',
  owner: 'assigned',
  renter: 'assigned',
  receptionist: 'assigned',
  supplier: 'assigned',
  admin: 'company',
};

/**
 * Which documents of a visible building a role sees: `all` of them (staff, the building's workers and
 * committee), or only `own` — the user's unit's and the building's public ones (tenants, a guard).
 */
export type DocumentScope = 'all' | 'own';

export const documentScopes: Record<Role, DocumentScope> = {
  worker: 'all',
  manager: 'all',
  maintenanceManager: 'all',
  committee: 'all',
  owner: 'own',
  renter: 'own',
  receptionist: 'own',
  supplier: 'own',
  admin: 'all',
};

type Grant = { roles: readonly Role[]; flag?: FlagName };

const staff = ['manager', 'admin'] as const;
const field = ['worker', 'manager', 'maintenanceManager', 'admin'] as const;
const office = ['worker', 'manager', 'maintenanceManager', 'committee', 'receptionist', 'admin'] as const;
const everyone = roles;
/** Everyone with a home or a job in a building; a supplier sees only the service calls of a contract. */
const readers = roles.filter((r) => r !== 'supplier');

const grants = {
  'buildings.read': [{ roles: everyone }],
  /** The buildings list screen, where staff choose a building; a tenant's home is their apartment instead. */
  'buildings.list': [{ roles: roles.filter((r) => r !== 'owner' && r !== 'renter') }],
  /** Bank account, account name, logo, price per kWh, billing settings. */
  'buildings.editSettings': [{ roles: staff }],
  /**
   * Card clearing (PermClearing, spec 6): a building's card settings (card payments on or off, the clearing
   * fee, VAT), read and changed by management staff with the flag.
   */
  'billingSettings.read': [{ roles: staff, flag: 'PermClearing' }],
  'billingSettings.edit': [{ roles: staff, flag: 'PermClearing' }],
  /** Put an apartment in legal proceedings (its tenants cannot pay by card) or clear it; see who and why. */
  'apartments.hold': [{ roles: staff }],
  'apartments.read': [{ roles: office }],
  'contacts.read': [{ roles: office }],
  'contacts.create': [{ roles: ['worker', 'manager', 'maintenanceManager', 'committee', 'admin'] }],
  'serviceCalls.read': [{ roles: [...office, 'supplier'], flag: 'PermSrvCall' }],
  'serviceCalls.create': [{ roles: [...office, 'supplier'], flag: 'PermSrvCall' }],
  'serviceCalls.update': [{ roles: [...field, 'supplier'], flag: 'PermSrvCall' }],
  'serviceCalls.delete': [{ roles: field, flag: 'PermSrvCall' }],
  /**
   * A tenant's service calls (issue 31): their own apartment's calls and the common-area calls of their
   * building, with the updates staff show them; what other apartments reported is never theirs.
   */
  'tenantCalls.read': [{ roles: ['owner', 'renter'] }],
  /** Report a fault of one's apartment or a common area, comment or add a photo while it is open, join a common-area call. */
  'tenantCalls.report': [{ roles: ['owner', 'renter'] }],
  'meters.read': [{ roles: [...field, 'committee'] }],
  /** Add or remove a counter. */
  'meters.manage': [{ roles: field }],
  'readings.write': [{ roles: field }],
  'items.read': [{ roles: [...field, 'committee'] }, { roles: ['receptionist'], flag: 'allowReceptionistModule' }],
  'items.write': [{ roles: field }, { roles: ['receptionist'], flag: 'allowReceptionistModule' }],
  'plan.read': [{ roles: field }],
  'visits.write': [{ roles: field }],
  'maintenance.read': [{ roles: [...field, 'committee'] }],
  'maintenance.write': [{ roles: field }],
  'maintenance.sendPlan': [{ roles: field }],
  'debts.read': [{ roles: ['worker', 'manager', 'committee', 'admin'] }],
  'checks.deposit': [{ roles: ['worker', 'manager', 'committee', 'admin'], flag: 'showChecksDeposit' }],
  /** Each check's own life (issue 29 §5): the list of checks by deposit date and their statuses. */
  'checkLife.read': [{ roles: [...staff, 'committee'] }],
  /** Deposit a received check on its date, then mark it cleared or bounced (a bounce reopens its debts). */
  'checkLife.act': [{ roles: [...staff, 'committee'] }],
  /** The building's bounce fee, a dated setting. */
  'checkLife.bounceFee': [{ roles: [...staff, 'committee'] }],
  /** A tenant's own apartment: balance, debts, payment history, receipts. */
  'account.read': [{ roles: ['owner', 'renter'] }],
  /** A tenant pays: by card, saved cards, standing orders. */
  'account.pay': [{ roles: ['owner', 'renter'] }],
  /**
   * The office's view of tenants' card payments, failed standing-order charges and receipts per building:
   * management staff with card clearing (PermClearing); the committee, as part of its building's books.
   */
  'payments.read': [{ roles: staff, flag: 'PermClearing' }, { roles: ['committee'] }],
  /** A payment's receipt as a PDF: the payer's apartment's tenants (checked per payment) and the office. */
  'receipts.read': [{ roles: ['owner', 'renter', ...staff, 'committee'] }],
  /** An apartment's yearly statement (PDF): the apartment's tenants (checked per apartment) and the building's office. */
  'statements.read': [{ roles: ['owner', 'renter', ...staff, 'committee'] }],
  /** The half-yearly financial report a committee owes the owners: the building's owners (checked per building), its committee and staff. */
  'ownersReport.read': [{ roles: ['owner', ...staff, 'committee'] }],
  /** Refunding all or part of a tenant's card payment through the clearing company (management staff with PermClearing). */
  'payments.refund': [{ roles: staff, flag: 'PermClearing' }],
  /** Registration links sent to an apartment's tenants. */
  'tenants.invite': [{ roles: staff }],
  /** Quick charges to an apartment (/add-money). */
  'charges.create': [{ roles: staff }],
  /**
   * Crediting all or part of a wrong charge (issue 29): management staff, who post charges. Not the
   * committee: its members are owners of the building, so they would be writing off their own and their
   * neighbours' debts; the committee reads every credit in its books and asks the office for one.
   */
  'charges.credit': [{ roles: staff }],
  /** The committee's books: financial reports, expenses, budget. */
  'books.read': [{ roles: [...staff, 'committee'] }],
  /** Expenses with their invoices, manual income, opening balance, petty cash, the yearly budget, quotes. */
  'books.write': [{ roles: [...staff, 'committee'] }],
  /** The committee fee schedule of a building (issue 29): read it and add a change from a month on. */
  'feeSchedule.read': [{ roles: [...staff, 'committee'] }],
  'feeSchedule.edit': [{ roles: [...staff, 'committee'] }],
  /** Reminders to debtors (issue 29): the building's rule and the log of what was sent to whom. */
  'debtReminders.read': [{ roles: [...staff, 'committee'] }],
  'debtReminders.edit': [{ roles: [...staff, 'committee'] }],
  /** Approving a supplier's quote (who and when are recorded). */
  'bids.approve': [{ roles: [...staff, 'committee'] }],
  'suppliers.read': [{ roles: [...staff, 'maintenanceManager', 'committee'] }],
  'suppliers.write': [{ roles: [...staff, 'committee'] }],
  /** Room booking and building events (/tenant-room): see the calendar and events, book and cancel one's own. */
  'rooms.use': [{ roles: everyone }],
  /** Every booking of a room, cancelling any future one (the management company). */
  'rooms.manage': [{ roles: staff }],
  /** Add a building's rooms and set their hours, booking rules and fee. */
  'rooms.setup': [{ roles: [...staff, 'committee'] }],
  /** Scheduled building events (cleaning day, pest control): create, change, delete. */
  'events.manage': [{ roles: [...staff, 'committee'] }],
  /**
   * Polls of a building (issue 31): its tenants and committee and the management company read them (a
   * tenant only in their own building; who may vote in which poll: lib/domain/pollRules.ts roleVotes).
   * Workers, guards and suppliers see none of it.
   */
  'polls.read': [{ roles: [...staff, 'committee', 'owner', 'renter'] }],
  /** Open and close a poll, and link its options to quotes. */
  'polls.manage': [{ roles: [...staff, 'committee'] }],
  /** One vote per apartment, changed until closing. */
  'polls.vote': [{ roles: ['owner', 'renter'] }],
  /**
   * Who runs a building (issue 31): its committee members and contacts. Its tenants (owners and renters, in
   * their own building), its committee and the management company read them; residents get a member's
   * phone or e-mail only as the member consented (lib/domain/buildingPeople.ts residentsView). Workers,
   * guards and suppliers see none of it.
   */
  'buildingPeople.read': [{ roles: [...staff, 'maintenanceManager', 'committee', 'owner', 'renter'] }],
  /** Keep the committee list and the building's contacts: management staff and the building's committee. */
  'buildingPeople.edit': [{ roles: [...staff, 'committee'] }],
  /** See a building's gates and open one by phone. */
  'gates.open': [{ roles: everyone }],
  /** Create, change, delete gates (a public one only through the committee: lib/domain/gateRules.ts). */
  'gates.manage': [{ roles: [...staff, 'committee'] }],
  /** Compose and send messages by e-mail, SMS and push; see their delivery. */
  /**
   * Threads (issue 31 item 2): a tenant reads their own; the committee reads those addressed to the
   * committee of its building, the management company's staff those addressed to the office.
   */
  'threads.read': [{ roles: [...staff, 'committee', 'owner', 'renter'] }],
  /** A tenant writes to the committee or the management company of their building. */
  'threads.open': [{ roles: ['owner', 'renter'] }],
  /** Write in a thread one reads: its tenant, or the committee or office it is addressed to. */
  'threads.reply': [{ roles: [...staff, 'committee', 'owner', 'renter'] }],
  'messages.send': [{ roles: [...staff, 'committee'] }],
  /** The announcements board of one's buildings, and push subscriptions. */
  'announcements.read': [{ roles: everyone }],
  'receptionist.desk': [{ roles: ['receptionist', 'worker', 'manager', 'admin'], flag: 'allowReceptionistModule' }],
  /**
   * What waits for the tenant's own apartment at the front desk (issue 31 item 5), and the visitors its
   * tenants pre-approved; never another apartment's.
   */
  'desk.tenantRead': [{ roles: ['owner', 'renter'] }],
  /** Pre-approve a visitor for one's apartment; change or cancel the pre-approval until its day is over. */
  'visitorPasses.write': [{ roles: ['owner', 'renter'] }],
  'feedback.write': [{ roles: everyone }],
  /** What every signed-in user does: own profile, sync screen, logout, app log, settings. */
  'session.use': [{ roles: everyone }],
  /** Documents of a unit or building: tenants see their unit's and the building's public ones (documentScopes). */
  'documents.read': [{ roles: readers }],
  'documents.upload': [{ roles: [...staff, 'maintenanceManager', 'committee'] }],
  /** E-mail a document the user may read (spec 5: an address is required). */
  'documents.send': [{ roles: readers }],
  /** Fill and sign a form on the screen; the signed PDF joins the unit's documents. */
  'documents.sign': [{ roles: readers }],
  /** A building's photo gallery (service-call photos and uploaded images). */
  'gallery.read': [{ roles: readers }],
  /** Ask the management company to change one's own details, or the administrator to delete one's data. */
  'profile.request': [{ roles: everyone }],
  /** One's own notification preferences (channels and topics of messages). */
  'profile.notifications': [{ roles: everyone }],
  /** Approve or refuse profile change requests (the management company). */
  'profile.decide': [{ roles: staff }],
  /** Data deletion requests (the administrator). */
  'privacy.decide': [{ roles: ['admin'] }],
  /** Prospective customers who left their details on "contact us". */
  'leads.read': [{ roles: staff }],
  'leads.update': [{ roles: staff }],
  /** The management company's customised sites, which a start-up link may offer to continue on. */
  'companySites.read': [{ roles: everyone }],
  'companySites.manage': [{ roles: staff }],
  /** Photos and attachments: the parent record's own rights decide which one (server: files.ts). */
  'files.read': [{ roles: everyone }],
  'files.upload': [{ roles: everyone }],
} satisfies Record<string, readonly Grant[]>;

export type Action = keyof typeof grants;

export function can(actor: Actor, action: Action): boolean {
  const list: readonly Grant[] = grants[action];
  return list.some((g) => g.roles.includes(actor.role) && (g.flag === undefined || actor.flags[g.flag] !== 0));
}

/** What the screens hold of the user (the session of spec section 3 plus the role). */
export type ActorSource = Flags & { role: string };

/** An unknown or missing role gets the least, as on the server: nothing but what everyone may do. */
export function actorFrom(source: ActorSource): Actor {
  const flags: Flags = {
    PermSrvCall: source.PermSrvCall,
    PermClearing: source.PermClearing,
    showChecksDeposit: source.showChecksDeposit,
    allowReceptionistModule: source.allowReceptionistModule,
  };
  return isRole(source.role)
    ? { role: source.role, flags }
    : { role: 'renter', flags: { PermSrvCall: 0, PermClearing: 0, showChecksDeposit: 0, allowReceptionistModule: 0 } };
}
