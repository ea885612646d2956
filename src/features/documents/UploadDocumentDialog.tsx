import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { db } from '../../db/db';
import { documentLimits, formatFileSize } from '../../lib/uploadLimits';
import { uploadableKinds } from '../../lib/validation/documentRules';
import { ruleFailureOf } from '../../lib/validation/rules';
import { errorKeyOf } from '../../session/errorKey';
import { Field } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { DocumentDraft } from './documentsRepo';
import { documentCalls } from './documentsRepo';
import styles from './Documents.module.css';

const BUILDING = '';
const limitParams = { size: formatFileSize(documentLimits.maxDocumentBytes), count: 1, max: 120 };

/** Adds a PDF or an image to the building or one of its units; what was typed stays on a refusal. */
export function UploadDocumentDialog({ buildingId, onClose, onUploaded }: { buildingId: number; onClose(): void; onUploaded(): void }) {
  const { t } = useTranslation(['documents', 'errors']);
  const formId = useId();
  const units = useLiveQuery(() => db.apartments.where('buildingId').equals(buildingId).sortBy('number'), [buildingId]) ?? [];
  const [draft, setDraft] = useState<DocumentDraft>({ buildingId, apartmentId: null, kind: 'protocol', title: '', isPublic: true, file: null });
  const [failure, setFailure] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<DocumentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const errorOf = (field: string) => (failure?.field === field ? failure.text : null);

  const submit = async () => {
    setBusy(true);
    try {
      await documentCalls.uploadDocument(draft);
      onUploaded();
    } catch (error) {
      const refused = ruleFailureOf(error);
      const field = refused?.field ?? (isApiError(error) ? (error.field ?? 'file') : 'file');
      const fallback = navigator.onLine ? 'errors:errorSavingFile' : 'documents:offlineUpload';
      setFailure({ field: field === 'base64' ? 'file' : field, text: t(errorKeyOf(error, fallback), limitParams) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={t('documents:upload.title')}
      onClose={onClose}
      formId={formId}
      submitLabel={busy ? t('documents:upload.uploading') : t('documents:upload.action')}
      onSubmit={() => void submit()}
      busy={busy}
    >
      <TextField
        label={t('documents:upload.docTitle')}
        value={draft.title}
        onValueChange={(title) => set({ title })}
        error={errorOf('title')}
        required
        autoComplete="off"
      />
      <SelectField
        label={t('documents:upload.kind')}
        value={draft.kind}
        onValueChange={(kind) => set({ kind })}
        error={errorOf('kind')}
        options={uploadableKinds.map((k) => ({ value: k, label: t(`documents:kinds.${k}`) }))}
      />
      <SelectField
        label={t('documents:upload.belongsTo')}
        value={draft.apartmentId ?? BUILDING}
        onValueChange={(value) => set({ apartmentId: value === BUILDING ? null : value })}
        error={errorOf('apartmentId')}
        options={[
          { value: BUILDING, label: t('documents:wholeBuilding') },
          ...units.map((u) => ({ value: u.id, label: t('documents:unit', { number: u.number }) })),
        ]}
      />
      {draft.apartmentId === null && draft.kind !== 'bylaws' ? (
        <label className={styles.check}>
          <input type="checkbox" checked={draft.isPublic} onChange={(e) => set({ isPublic: e.target.checked })} />
          {t('documents:upload.isPublic')}
        </label>
      ) : null}
      <Field label={t('documents:upload.file')} hint={t('documents:upload.fileHint', limitParams)} error={errorOf('file')}>
        {(control) => (
          <input
            {...control}
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            onChange={(e) => set({ file: e.target.files?.[0] ?? null })}
          />
        )}
      </Field>
    </FormDialog>
  );
}
