import type { ApiModule } from '../../platform/api-module';
import { subscribe } from '../../platform/hooks';
import { templateVersioned } from '../qa-templates/qa-templates.service';
import { formsPublicRoutes, formsRoutes } from './forms.routes';
import { keepFormsOnTheirVersion } from './forms.service';
import { formsErrors } from './forms.errors';
import * as tables from './forms.tables';

export const formsModule: ApiModule = {
  name: 'forms',
  routes: formsRoutes,
  publicRoutes: formsPublicRoutes,
  hooks: [subscribe(templateVersioned, keepFormsOnTheirVersion)],
  errors: formsErrors,
  tables,
};
