/**
 * SES bounce and complaint events, through the SNS topic the configuration set's event
 * destination publishes to (host/email-reports.ts). Locally there is no SES: nothing bounces.
 */
import type { SNSEvent } from 'aws-lambda';
import type { App } from '../app/app';
import { observer } from '../app/outside';
import { playerStore } from '../app/players';
import { sesReport } from '../core/ses-event';
import { markReported } from '../host/email-reports';
import { observed } from '../observe/observed';

export function sesEvents(app: App) {
  return observed(app.get(observer), 'sesEvents', async (event: SNSEvent): Promise<{ marked: number }> => {
    let marked = 0;
    for (const record of event.Records ?? []) {
      const report = sesReport(record.Sns?.Message ?? '');
      if (report && (await markReported(app.get(playerStore), report, app.get(observer)))) marked++;
    }
    return { marked };
  });
}
