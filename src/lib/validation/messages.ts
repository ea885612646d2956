// The error catalogue (spec sections 5 and 8) as i18n keys of the `errors` namespace with their English
// text. The server answers `messageKey: "errors:<key>"` plus `message` (the English text); the client
// translates the key. Every key here must exist in src/i18n/locales/*/errors.json (messages.test.ts).

export const messages = {
  // validation (spec 5)
  requiredField: 'Required field',
  descriptionTooShort: 'Description must be at least 10 characters',
  nameTooShort: 'Name must be at least 2 characters',
  invalidPhone: 'Invalid phone number',
  invalidEmail: 'Invalid e-mail address',
  invalidCode: 'Invalid confirmation code',
  invalidNumber: 'Must be a valid number',
  invalidDate: 'Invalid date',
  invalidAmount: 'Invalid amount',
  invalidStatusTransition: 'This status change is not allowed',
  termsNotApproved: 'You must approve the terms of use',
  onlyImageAllowed: 'Only an image may be selected',
  // {{size}} and {{count}} come from src/lib/uploadLimits.ts (the answer's error.params)
  fileTooLarge: 'File size must be under {{size}}',
  maxFilesExceeded: 'You can attach up to {{count}} files',
  emailRequiredToSendFile: 'An e-mail address is required to send a file',
  onlyPdfOrImageAllowed: 'Only a PDF file or an image may be selected',
  textTooLong: 'Must be at most {{max}} characters',
  emailNotSent: 'The e-mail could not be sent. Try again later',
  signatureRequired: 'A signature is required',
  invalidBankAccount: 'Invalid bank account: bank-branch-account, e.g. 12-345-678901',
  invalidLogo: 'The logo must be an uploaded image or an address on this site',
  invalidSiteUrl: 'The site address must be a full https:// address, e.g. https://www.example.co.il',
  tooManySites: 'Up to {{max}} site addresses',
  siteAlreadyListed: 'This site address is already in the list',
  // business rules (spec 4/5)
  noBuildingSelected: 'A reporter cannot be added when no building is selected',
  contactAlreadyRegistered: 'This contact is already registered to the building',
  itemAlreadyInserted: 'This item has already been inserted',
  itemAlreadyDelivered: 'This item has already been delivered',
  currentReadingNotGreater: 'The current reading must be greater than the previous reading',
  photoRequired: 'A photo is required',
  oneCounterPerUnit: 'Only one counter per unit',
  pricePerKwhRequired: 'Set the price per kWh for the building before adding charging stations',
  paidReadingCannotBeUpdated: 'A paid reading cannot be updated (a credit or reassignment is needed)',
  onlyLastReadingCanBeDeleted: 'Only the last reading can be deleted',
  testsNotCompleted: 'Some tests are unchecked or not completed. Send anyway?',
  checksTotalMismatch: 'The checks total differs from the debts total',
  checkGroupNotEditable: 'This payment has already been sent and cannot be changed',
  // room booking and events (spec 4, 5, 8)
  eventOverlaps: 'The event overlaps another event',
  noMoreEventsForApartment: 'No more events can be booked for this apartment',
  startMustBeBeforeEnd: 'The start must be before the end',
  bookingInThePast: 'This time has already passed',
  outsideOpeningHours: 'The room is not open at this time',
  bookingTooFarAhead: 'This date is too far ahead to book',
  cannotDeletePastOrPaidEvent: 'A past or paid event cannot be deleted',
  cancelThroughManagementCompany: 'From the day of the event, cancel through the management company',
  errorSavingEvent: 'An error occurred while saving the event',
  invalidTime: 'Invalid time',
  slotLongerThanOpeningHours: 'The slot is longer than the opening hours',
  // gates and messages (spec 5, 6, 8)
  publicGateOnlyByCommittee: 'A public gate can be created or changed only through the committee',
  emailNotDelivered: 'The e-mail was not delivered',
  mustSelectSendOption: 'You must select an option to send a message',
  selectOwnersOrRenters: 'Select owners, renters or both',
  amexNotForRecurring: 'American Express is not supported: it cannot be used for a recurring charge',
  // payments (spec 5, 8)
  debtAlreadyPaid: 'This debt is already paid',
  debtPendingChecks: 'This debt is paid by checks, pending approval',
  chooseDebts: 'Choose at least one debt to pay',
  paymentError: 'Error making the payment, try again later',
  paymentCannotContinue: 'The payment cannot continue',
  unitInLegalProceedings: 'The unit is in legal proceedings',
  thereIsADebt: 'There is a debt',
  transactionFailed: 'Transaction failed',
  cardDeclined: 'The card was declined',
  insufficientFunds: 'Insufficient funds on the card',
  invalidCardNumber: 'Invalid card number',
  invalidCardExpiry: 'Invalid or past expiry date',
  invalidCvv: 'Invalid security code',
  keepCardChoiceRequired: 'Choose whether to keep the card details',
  cardNotFound: 'The saved card was not found',
  noApartment: 'No apartment is registered to you',
  refundTooLarge: 'The refund is more than what is left to refund of this payment',
  paymentNotRefundable: 'Only a paid card payment can be refunded',
  refundFailed: 'The refund was not made',
  noReceipt: 'This payment has no receipt',
  contactManagementCompany: 'Contact the management company that sent the link',
  invalidRegistrationLink: 'This registration link is not valid',
  noTenantAccount: 'No tenant account has this phone. Register from the link your management company sent.',
  invalidAccount: 'Choose one of the listed accounts',
  invalidChoice: 'Choose one of the options',
  linkExpiryInPast: 'The expiry date cannot be in the past',
  standingOrderExists: 'A standing order already exists for this apartment',
  buildingNotSetUpForCardPayments: 'The building is not set up for card payments',
  // billing settings (issue 14): {{min}} and {{max}} come from src/lib/domain/billingSettingsRules.ts
  feeOutOfRange: 'Must be an amount from {{min}} to {{max}} NIS',
  percentOutOfRange: 'Must be a percent from {{min}} to {{max}}',
  invalidPercent: 'Must be a percent with up to two decimals, e.g. 1.25',
  // session / transport
  sessionExpired: 'Session expired',
  connectionTimeout: 'Connection timeout',
  tooManyRequests: 'Too many requests',
  tooManyAttempts: 'Too many failed attempts. Try again in a few minutes',
  anErrorOccurred: 'An error occurred',
  somethingWentWrong: 'Something went wrong',
  notFound: 'Not found',
  forbidden: 'You do not have permission for this record',
  notAllowed: 'You are not allowed to do this',
  buildingNotAssigned: 'This building is not assigned to you',
  versionConflict: 'This record was changed by someone else',
  idempotencyKeyRequired: 'Idempotency-Key header is required',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  alreadyExists: 'A record with this id already exists',
  // login (spec 8)
  loginFailed: 'Login failed',
  loginError: 'Login error',
  identifyingDetailsIncorrect: 'One or more identifying details are incorrect',
  enterLoginDetails: 'Enter company code, username and password',
  contactSystemAdministrator: 'Contact your system administrator',
  codeSentByCallNoEmail: 'No e-mail address on file, so the code was sent by a phone call',
  codeExpired: 'The code has expired. Request a new one',
  phoneMustBeVerified: 'Your phone number must be verified',
  passwordLoginDisabled: 'Signing in with a password alone is turned off. Sign in with a verification code',
  // check / meter / files (spec 8)
  errorSavingFile: 'Error saving file',
  errorSavingReading: 'Error saving reading',
  errorSavingCounter: 'Error saving counter',
  errorDeletingCounter: 'Error deleting counter',
  errorSavingImage: 'Error saving image',
  fileNotFound: 'File not found',
  errorCapturingCheck: 'Error capturing check',
  couldNotLoadCheck: 'Could not load the check',
  couldNotUpdateCheck: 'Could not update the check',
  couldNotRemoveCheck: 'Could not remove the check',
  failedToLoadCheckImages: 'Failed to load check images',
  errorInDepositConfirmation: 'Error in deposit confirmation',
  depositNeedsSubmittedPayment: 'Send the payment before confirming its deposit',
  appVersionUnsupported: 'This app version is no longer supported. Please install the new version',
  missingDetailsToContinue: 'Missing details to continue',
  // the committee's books (issue 15)
  duplicateInvoice: 'This supplier’s invoice number is already recorded',
  pettyCashShort: 'The petty cash does not hold this amount',
  budgetLineExists: 'This group already has a budget for this year',
  bidAlreadyApproved: 'This quote has already been approved',
  bidNotApproved: 'Approve the quote before turning it into an expense',
  bidAlreadyExpensed: 'This quote has already become an expense',
  onlyImageOrPdfAllowed: 'Only an image or a PDF may be attached',
  manualEntryOnly: 'Only entries recorded by hand can be changed here',
  // translation (spec 8)
  translationError: 'Translation error',
  couldNotTranslate: 'We could not translate',
  batchPathRefused: 'This change cannot be sent in a sync batch: its address is not one the app sends. It was not applied.',
  // who may open a gate (issue 27)
  gateNotForYou: 'This gate does not list your phone number. The house committee or the management company can add it',
  gateHasNoLine: 'This gate has no line of its own yet, and your phone number is not on its list. Ask the house committee',
  gateLineIsPersonalNumber: 'The gate line must be the gate’s own number, not a person’s phone',
  // an action that calls out after its commit (issue 27)
  // push subscriptions (issue 27)
  pushEndpointRefused: 'Notifications can be sent only through the browser’s own push service',
  invalidPushSubscription: 'This browser’s notification subscription is not valid',
  pushSubscriptionTaken: 'This notification subscription belongs to another account',
  // issue 27: documents e-mailed and forms signed only where the user belongs (spec 8)
  recipientNotAllowed: 'You can send a document only to your own address or to your apartment’s contacts',
  formNotForYourBuilding: 'This form is not for your building',
  debtChosenTwice: 'The same debt was chosen more than once',
  paymentInProgress: 'A payment of these debts is already in progress. Try again in a few minutes',
  // issue 31: the contact form names a management company that does not exist
  noManagementCompany: 'No management company',
  cardAuthenticationFailed: 'The card’s bank did not verify it (3-D Secure). The card was not saved',
  cardEntryNotFinished: 'The card details were not completed on the secure page. Enter them there and try again',
  cardDataRefused: 'Card numbers and security codes are never sent to us: enter the card on the secure page',
} as const;

export type MessageKey = keyof typeof messages;

export const messageKeys = Object.keys(messages) as MessageKey[];

/** The namespaced key the API sends, e.g. `errors:requiredField`. */
export function errorKey(key: MessageKey): `errors:${MessageKey}` {
  return `errors:${key}`;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, value);
}
