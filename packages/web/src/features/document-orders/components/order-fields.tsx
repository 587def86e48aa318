import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../components/ui/picker-field';
import form from '../../../components/ui/text-field.module.css';
import { cx } from '../../../lib/format/class-names';
import { offeredId } from '../../../lib/ui-state/pickers';
import type { PortalUser } from '../../../lib/session/roles';
import { useDistricts } from '../api/get-districts';
import { useOrderDocs } from '../api/get-order-docs';
import { useRegions } from '../api/get-regions';
import { MAX_COPIES, MIN_COPIES, type OrderDraft } from '../utils/order-status';
import styles from './document-orders.module.css';

/** The order's choices as offered: the reads behind the pickers, their options and what they show. */
export interface OrderChoices {
  docs: ReturnType<typeof useOrderDocs>;
  regions: ReturnType<typeof useRegions>;
  districts: ReturnType<typeof useDistricts>;
  docOptions: { id: number; name: string }[];
  regionOptions: { id: number; name: string }[];
  districtOptions: { id: number; name: string }[];
  /** The draft with each choice that is no longer offered shown as not chosen. */
  shown: OrderDraft;
}

/** The documents the role may order, the regions, and the chosen region's districts. */
export function useOrderChoices(
  user: Pick<PortalUser, 'uid' | 'role'>,
  draft: OrderDraft,
): OrderChoices {
  const docs = useOrderDocs(user);
  const regions = useRegions();
  const districts = useDistricts(draft.id_region === -1 ? null : draft.id_region);
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
  return { docs, regions, districts, docOptions, regionOptions, districtOptions, shown };
}

const COPIES = Array.from({ length: MAX_COPIES - MIN_COPIES + 1 }, (_, i) => i + MIN_COPIES);

/** The order's fields: the document, the region and then one of its districts, copies and a note. */
export function OrderFields({
  choices,
  busy,
  onChange,
}: {
  choices: OrderChoices;
  busy: boolean;
  onChange: (next: Partial<OrderDraft>) => void;
}) {
  const { t } = useTranslation('document-orders');
  const ids = { count: useId(), comment: useId(), commentHint: useId() };
  const { shown } = choices;
  return (
    <div className={styles.fields}>
      <PickerField
        className={styles.wide}
        label={t('doc')}
        value={shown.id_doc}
        options={choices.docOptions}
        query={choices.docs}
        disabled={busy}
        onChange={(id) => onChange({ id_doc: id })}
      />
      <PickerField
        label={t('region')}
        value={shown.id_region}
        options={choices.regionOptions}
        query={choices.regions}
        disabled={busy}
        // Another region: the district chosen in the old one no longer applies.
        onChange={(id) => onChange({ id_region: id, id_district: -1 })}
      />
      <PickerField
        label={t('district')}
        value={shown.id_district}
        options={choices.districtOptions}
        query={choices.districts}
        disabled={busy || shown.id_region === -1}
        onChange={(id) => onChange({ id_district: id })}
      />
      <div className={form.field}>
        <label htmlFor={ids.count} className={form.label}>
          {t('count')}
        </label>
        <select
          id={ids.count}
          className={form.select}
          value={shown.count}
          disabled={busy}
          onChange={(event) => onChange({ count: Number(event.target.value) })}
        >
          {COPIES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
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
          readOnly={busy}
          aria-describedby={ids.commentHint}
          onChange={(event) => onChange({ comment: event.target.value })}
        />
        <p id={ids.commentHint} className={form.hint}>
          {t('commentHint')}
        </p>
      </div>
    </div>
  );
}
