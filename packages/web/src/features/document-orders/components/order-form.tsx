import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FailureMessage, useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import form from '../../../components/ui/text-field.module.css';
import { cx } from '../../../lib/class-names';
import { DraftNote } from '../../../components/ui/draft-note';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { useDraft } from '../../../lib/drafts/use-draft';
import { offeredId } from '../../../lib/pickers';
import type { PortalUser } from '../../../lib/roles';
import { useDistricts } from '../api/get-districts';
import { useOrderDocs } from '../api/get-order-docs';
import { useRegions } from '../api/get-regions';
import { useSaveOrder } from '../api/save-order';
import {
  EMPTY_ORDER,
  MAX_COPIES,
  MIN_COPIES,
  missingChoices,
  type OrderDraft,
} from '../utils/order-status';
import styles from './document-orders.module.css';

/**
 * A new order: the document, the region and then one of its districts, copies and a note. It can
 * be sent once the three are chosen; a failed send keeps every choice. The choices are kept as the
 * person's draft until the order is sent, so a reload or the next sign-in brings them back.
 */
export function OrderForm({ user }: { user: Pick<PortalUser, 'uid' | 'role'> }) {
  const { t } = useTranslation(['document-orders', 'common']);
  const failureDetail = useFailureDetail();
  const ids = { count: useId(), comment: useId(), commentHint: useId(), missing: useId() };
  const kept = useDraft<OrderDraft>(user.uid, 'document-orders:order', EMPTY_ORDER);
  const draft = kept.value;
  const [sent, setSent] = useState(false);
  const docs = useOrderDocs(user);
  const regions = useRegions();
  const districts = useDistricts(draft.id_region === -1 ? null : draft.id_region);
  const save = useSaveOrder(user.uid);

  const docOptions = (docs.data ?? []).map((d) => ({ id: d.id_doc, name: d.name }));
  const regionOptions = (regions.data ?? []).map((r) => ({ id: r.id_region, name: r.name }));
  // Only the chosen region's districts are offered, so another region's cannot be picked.
  const districtOptions = (districts.data ?? [])
    .filter((d) => d.id_region === draft.id_region)
    .map((d) => ({ id: d.id_district, name: d.name }));
  const shown: OrderDraft = {
    ...draft,
    id_doc: offeredId(docOptions, draft.id_doc, (o) => o.id),
    id_region: offeredId(regionOptions, draft.id_region, (o) => o.id),
    id_district: offeredId(districtOptions, draft.id_district, (o) => o.id),
  };
  const missing = missingChoices(shown);
  const names = { doc: t('doc'), region: t('region'), district: t('district') };

  const change = (next: Partial<OrderDraft>) => {
    kept.set((current) => ({ ...current, ...next }));
    setSent(false);
    save.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || missing.length > 0) return;
    const comment = shown.comment.trim();
    // The draft goes once the server has the order, even if the page was left meanwhile; a
    // failure is shown from the mutation's state.
    void save
      .mutateAsync({
        uid: user.uid,
        id_doc: shown.id_doc,
        id_region: shown.id_region,
        id_district: shown.id_district,
        count: shown.count,
        ...(comment ? { comment } : {}),
      })
      .then(() => {
        kept.clear();
        setSent(true);
      })
      .catch(() => undefined);
  };

  return (
    <Panel title={t('newOrder')} icon="singlewindow">
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={save.isPending}>
        <DraftNote
          restored={kept.restored}
          onDiscard={() => {
            kept.clear();
            save.reset();
          }}
        />
        <div className={styles.fields}>
          <PickerField
            className={styles.wide}
            label={t('doc')}
            value={shown.id_doc}
            options={docOptions}
            query={docs}
            disabled={save.isPending}
            onChange={(id) => change({ id_doc: id })}
          />
          <PickerField
            label={t('region')}
            value={shown.id_region}
            options={regionOptions}
            query={regions}
            disabled={save.isPending}
            // Another region: the district chosen in the old one no longer applies.
            onChange={(id) => change({ id_region: id, id_district: -1 })}
          />
          <PickerField
            label={t('district')}
            value={shown.id_district}
            options={districtOptions}
            query={districts}
            disabled={save.isPending || shown.id_region === -1}
            onChange={(id) => change({ id_district: id })}
          />
          <div className={form.field}>
            <label htmlFor={ids.count} className={form.label}>
              {t('count')}
            </label>
            <select
              id={ids.count}
              className={form.select}
              value={shown.count}
              disabled={save.isPending}
              onChange={(event) => change({ count: Number(event.target.value) })}
            >
              {Array.from({ length: MAX_COPIES - MIN_COPIES + 1 }, (_, i) => i + MIN_COPIES).map(
                (n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ),
              )}
            </select>
          </div>
          <div className={cx(form.field, styles.wide)}>
            <label htmlFor={ids.comment} className={form.label}>
              {t('comment')}
            </label>
            <textarea
              id={ids.comment}
              className={form.textarea}
              rows={2}
              maxLength={500}
              value={shown.comment}
              readOnly={save.isPending}
              aria-describedby={ids.commentHint}
              onChange={(event) => change({ comment: event.target.value })}
            />
            <p id={ids.commentHint} className={form.hint}>
              {t('commentHint')}
            </p>
          </div>
        </div>

        {save.isError ? (
          <FailureMessage
            title={t('failed')}
            kept="choices"
            detail={failureDetail(save.error)}
            error={save.error}
          />
        ) : null}
        <SuccessNotice>{sent ? t('sent') : null}</SuccessNotice>
        <div className={styles.actions}>
          {missing.length > 0 ? (
            <p id={ids.missing} className={form.hint}>
              {t('missing', { fields: missing.map((field) => names[field]).join(', ') })}
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={missing.length > 0}
            aria-describedby={missing.length > 0 ? ids.missing : undefined}
            aria-busy={save.isPending}
          >
            <Icon name="check" size={18} />
            {save.isPending ? t('sending') : t('submit')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
