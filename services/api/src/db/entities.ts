import { AppSettingEntity } from './app-setting.entity';
import { OidcIdentityEntity } from '../modules/auth/oidc-identity.entity';
import { BillingPeriodEntity, BillingSettingsEntity } from '../modules/billing/billing.entity';
import { SessionEntity } from '../modules/auth/session.entity';
import { AuditEventEntity } from '../modules/audit/audit-event.entity';
import { PasskeyEntity, RecoveryCodeEntity, TotpAuthenticatorEntity } from '../modules/second-factor/second-factor.entity';
import { EstimateHabitEntity } from '../modules/capture/estimate-habit.entity';
import { ClientEntity } from '../modules/clients/client.entity';
import { DelegationContactEntity } from '../modules/contacts/contact.entity';
import { DailyPlanEntity } from '../modules/daily-plan/daily-plan.entity';
import { NoteItemEntity, NoteListEntity } from '../modules/notes/note.entity';
import { TaskCommentEntity, TaskEntity } from '../modules/tasks/task.entity';
import { TimeEntryEntity } from '../modules/time-entries/time-entry.entity';
import { TimeIncrementEntity } from '../modules/time-increments/time-increment.entity';
import { UserEntity } from '../modules/users/user.entity';
import { EmailConfirmationEntity } from '../modules/users/email-confirmation.entity';

export const entities = [
  UserEntity,
  EmailConfirmationEntity,
  SessionEntity,
  AuditEventEntity,
  OidcIdentityEntity,
  TotpAuthenticatorEntity,
  RecoveryCodeEntity,
  PasskeyEntity,
  ClientEntity,
  DelegationContactEntity,
  TimeIncrementEntity,
  TaskEntity,
  TaskCommentEntity,
  TimeEntryEntity,
  BillingSettingsEntity,
  BillingPeriodEntity,
  NoteListEntity,
  NoteItemEntity,
  DailyPlanEntity,
  EstimateHabitEntity,
  AppSettingEntity,
];
