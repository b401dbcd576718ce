/**
 * Spanish for what a field call (`/field/*`) or the phone's sign-in (`/login`) can answer (issue 21).
 * Only these: the office screens stay en/zh, and any other key falls back to English
 * (platform/messages.ts). `server/test/field-spanish.test.ts` checks every key those calls can raise is here.
 */
export const FIELD_MESSAGES_ES: Record<string, string> = {
  // The field actions (actions.messages.ts).
  'fieldActions.future': 'Esto se registró a las {at}, más tarde que ahora ({now}): revise el reloj del teléfono.',
  'fieldActions.beforeDay': 'Esto se registró a las {at}, antes de que empezara {what} ({start}).',
  'fieldActions.notClockedIn': 'No ha marcado la entrada.',
  'fieldActions.alreadyClockedIn': 'Ya había marcado la entrada (desde las {since}).',
  'fieldActions.notOnMeal': 'No está en su descanso de comida.',
  'fieldActions.alreadyOnMeal': 'Ya estaba en su descanso de comida (desde las {since}).',
  'fieldActions.overlapsShift': 'Ya tiene un turno a las {at} ({span}).',
  'fieldActions.notCheckedIn': 'No ha registrado la llegada al trabajo {reference}.',
  'fieldActions.alreadyCheckedIn': 'Ya había registrado la llegada al trabajo {reference} (desde las {since}).',
  'fieldActions.stillCheckedIn': 'Primero registre la salida del trabajo {reference}.',
  'fieldActions.alreadyDone': 'El trabajo {reference} ya se informó como hecho.',
  'fieldActions.tooManyChecklistItems': 'Una lista de tareas tiene como máximo {max} elementos.',
  'fieldActions.conflictPunch':
    'La oficina cambió {kind} después de que usted lo registrara: su cambio no se aplicó; se avisó a la oficina.',
  'fieldActions.conflictJob':
    'La oficina cambió el trabajo {reference} después de que usted registrara esto: su cambio no se aplicó; se avisó a la oficina.',
  'fieldActions.conflictOfficePunch':
    'La oficina ya registró {kind} para este horario ({span}): su cambio no se aplicó; se avisó a la oficina.',
  'fieldActions.shift': 'el turno',
  'fieldActions.meal': 'el descanso de comida',
  'fieldActions.job': 'el trabajo',
  'fieldActions.jobDay': 'el día del trabajo',
  'fieldActions.punchOf': 'Marcación n.º {id}',
  // Closed office days and approved pay periods (day-lock.ts, time cards), passed through by the punches.
  'office.dayClosed':
    'El día de oficina {date} está cerrado: sus trabajos, pagos y tarjetas de tiempo no pueden cambiar. Pida a la oficina que lo reabra.',
  'timeCards.periodApproved':
    'La tarjeta de tiempo de {name} del {date} está en el periodo de pago aprobado {start} – {end}: la oficina debe reabrir el periodo para cambiarla.',
  'timeCards.periodNotApproved':
    'El periodo de pago {start} – {end} no está aprobado para nadie de los nombrados: no hay nada que reabrir.',
  'timeCards.futureDay': 'No se pueden registrar marcaciones para el {date}: todavía no ha empezado.',
  'timeCards.punch': 'La marcación',
  'timeCards.employee': 'El empleado',
  'timeCards.job': 'El trabajo',
  'timeCards.laborType': 'El tipo de trabajo',
  // Codes and photos of a job (keys.service.ts, job-media.service.ts).
  'customers.location': 'La ubicación',
  'customers.noCode': 'Esta ubicación no tiene código de {field}.',
  'customers.code.key': 'llave',
  'customers.code.alarm': 'alarma',
  'customers.code.gate': 'portón',
  'jobs.job': 'El trabajo',
  'jobs.image': 'La imagen',
  'jobs.reminder': 'El recordatorio',
  'jobs.imageType': '{field}: la imagen debe ser un archivo JPEG, PNG o WebP (según su contenido).',
  'jobs.imageTooLarge': '{field}: la imagen pesa más de 10 MB.',
  'jobs.imageEmpty': '{field}: la imagen está vacía.',
  'jobs.tooManyImages': 'Un trabajo tiene como máximo {max} imágenes: primero quite una.',
  'jobs.cancelledJob': 'No se puede registrar un pago en un trabajo cancelado.',
  'jobs.customerMismatch': '{field}: el pago debe ser del cliente del trabajo.',
  'employees.user': 'El empleado',
  // Common refusals (errors.ts, http.ts, the session and permission checks).
  'error.invalidInput': '{field}: {rule}',
  'error.dateAfterToday': '{field}: el {date} todavía no ha llegado en la zona horaria del negocio (hoy es {today}).',
  'error.invalidBody': 'El cuerpo de la solicitud no es JSON válido.',
  'error.bodyTooLarge': 'La solicitud es demasiado grande (como máximo {limit}).',
  'error.forbidden': 'Su rol no tiene permiso para esta acción.',
  'error.notFound': '{what} no se encontró.',
  'error.notLoggedIn': 'No ha iniciado sesión o su sesión ya no es válida. Inicie sesión.',
  'error.sessionExpired': 'Su sesión caducó. Inicie sesión de nuevo.',
  'error.accountFrozen': 'Esta cuenta está congelada. Comuníquese con el administrador.',
  'error.accountDisabled': 'Esta cuenta está desactivada. Comuníquese con el administrador.',
  'error.accountTerminated': 'Este empleado ya no está activo. Comuníquese con el administrador.',
  'error.roleDisabled': 'Su rol está desactivado. Comuníquese con el administrador.',
  'error.routeNotFound': 'No existe esa API: {path}',
  'error.staleVersion':
    'Otra persona cambió este registro después de que usted lo abriera. Vuelva a cargar e inténtelo de nuevo.',
  'error.concurrentWrite':
    'Otra persona estaba cambiando los mismos registros en este momento: no se guardó nada. Inténtelo de nuevo.',
  'error.server': 'Algo salió mal en el servidor. Id. de la solicitud: {requestId}',
  // The sign-in (auth.service.ts).
  'auth.badCredentials': 'Usuario o contraseña incorrectos.',
  'auth.noMenu': 'no tiene permiso, comuníquese con el administrador',
  'auth.locked': 'Demasiados intentos fallidos. El acceso a esta cuenta desde su dirección está bloqueado hasta {until}.',
  'auth.addressLocked': 'Demasiados intentos fallidos desde su dirección. El acceso desde ella está bloqueado hasta {until}.',
  'auth.oldPasswordWrong': 'La contraseña actual no es correcta.',
  'auth.samePassword': 'La nueva contraseña debe ser distinta de la actual.',
};
