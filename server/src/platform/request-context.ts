import type { AnswerLocale, Locale } from '@tidyhouse/contract';

/** Who is calling: set by the auth hook on every request that carries a valid session. */
export interface SessionContext {
  sessionId: number;
  userId: number;
  uname: string;
  name: string;
  roleId: number;
  roleCode: string;
  roleNameZh: string;
  roleNameEn: string;
  isSuper: boolean;
  /** The role has no back-office menu (a cleaner): the session reaches the field calls only. */
  fieldOnly: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** The language of the answer's messages: `locale`, or Spanish on a field call (`/field/*`, `/login`). */
    answerLocale: AnswerLocale;
    session: SessionContext | null;
  }
  interface FastifyContextConfig {
    /** The permission key of this route: a key of the contract, PUBLIC or AUTHENTICATED. */
    permission?: string;
  }
}
