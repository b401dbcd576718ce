import {
  AUTHENTICATED,
  listResponseOf,
  ZSkill,
  ZSkillAddRequest,
  ZSkillListRequest,
  ZSkillModifyRequest,
  ZSkillRemoveRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { defineRoute } from '../../platform/route';
import { addSkill, listSkills, modifySkill, removeSkill } from './skills.service';

const UPDATE = '/employee/employeelist/update';
const ZSaved = z.object({ id: z.number().int(), version: z.number().int() });

/** The skill list (an option list every screen may read; the office extends it). */
export async function skillsRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sysSkill/queryList',
    summary: 'List skills',
    permission: AUTHENTICATED,
    body: ZSkillListRequest,
    response: listResponseOf(ZSkill),
    handler: (_request, body) => listSkills(db, body),
  });

  defineRoute(app, {
    path: '/sysSkill/add',
    summary: 'Add a skill',
    permission: UPDATE,
    body: ZSkillAddRequest,
    response: ZSaved,
    handler: (request, body) => db.transaction((tx) => addSkill(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysSkill/modify',
    summary: 'Edit a skill',
    permission: UPDATE,
    body: ZSkillModifyRequest,
    response: ZSaved,
    handler: (request, body) => db.transaction((tx) => modifySkill(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysSkill/remove',
    summary: 'Delete a skill',
    permission: UPDATE,
    body: ZSkillRemoveRequest,
    response: ZSaved,
    handler: (request, body) => db.transaction((tx) => removeSkill(tx, request, body)),
  });
}
