/** The CDK app (`npm run synth`, `npm run deploy`). */
import { App } from 'aws-cdk-lib';
import { CaravelaStack } from './stack';

const app = new App();
new CaravelaStack(app, process.env.CARAVELA_STACK ?? 'Caravela', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
