import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { downloadTextFile } from '../../../lib/files/download-file';
import { useVocabulary } from '../../../lib/format/vocabulary';
import { buildScheduleCalendar } from '../utils/schedule-ics';
import type { ScheduleLesson } from '../utils/week';
import type { SchedulePeriod } from './use-schedule-view';

export interface ExportButtonProps {
  lessons: readonly ScheduleLesson[];
  period: SchedulePeriod;
  periodLabel: string;
  weekStart: Date;
  weekParity: 1 | 2;
  role: number;
  personId: number;
}

/** Downloads the week as an iCalendar file: each lesson repeats weekly (or every other week). */
export function ExportButton({
  lessons,
  period,
  periodLabel,
  weekStart,
  weekParity,
  role,
  personId,
}: ExportButtonProps) {
  const { t } = useTranslation('schedule');
  const words = useVocabulary();

  const onExport = () => {
    const text = buildScheduleCalendar({
      lessons,
      weekStart,
      weekParity,
      yearName: period.yearName,
      ws: period.ws,
      uidPrefix: `lms-schedule-${period.yearName ?? 'year'}-${period.ws}-${role}-${personId}`,
      uidDomain: window.location.hostname || 'lms',
      calendarName: t('ics.name', { period: periodLabel }),
      describe: (lesson) => {
        const notes = [
          lesson.t_fio ? t('ics.teacher', { name: lesson.t_fio }) : null,
          lesson.group ? t('ics.group', { name: lesson.group }) : null,
          lesson.week_parity === 1 ? t('ics.oddWeeks') : null,
          lesson.week_parity === 2 ? t('ics.evenWeeks') : null,
        ];
        return {
          summary: `${lesson.discipline} (${words.lessonKind(lesson.id_vid_zaniatiy, lesson.vid_zaniatiy)})`,
          description: notes.filter(Boolean).join('\n'),
        };
      },
      now: new Date(),
    });
    const name = `schedule-${period.yearName ?? 'saved'}-ws${period.ws}.ics`;
    downloadTextFile(name, text, 'text/calendar;charset=utf-8');
  };

  return (
    <Button variant="secondary" onClick={onExport} title={t('exportLabel')}>
      <Icon name="calendar" size={16} />
      {t('export')}
    </Button>
  );
}
