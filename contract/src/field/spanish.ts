import type { MessageKey } from '../messages';

/**
 * Spanish for the field app's calls only (issue 21): the phone runs in en, zh and es, the office in en/zh.
 * These tables hold what a `/field/*` call or the phone's `/login` can answer in a validation message;
 * anything else falls back to English. `server/test/field-spanish.test.ts` checks that every field
 * label, value and message those inputs can raise is here.
 */

/** The wording of a refused input (the `es` twin of issue-messages.ts `TEXTS.en`). */
export const ISSUE_TEXTS_ES: Record<string, string> = {
  request: 'Solicitud',
  item: '{list}, elemento {n}',
  labelled: '{label} {rule}',
  labelledText: '{label}: {rule}',
  required: 'es obligatorio',
  text: 'debe ser texto',
  number: 'debe ser un número',
  int: 'debe ser un número entero',
  boolean: 'debe ser sí o no',
  list: 'debe ser una lista',
  form: 'no tiene la forma esperada',
  between: 'debe estar entre {min} y {max}',
  atLeast: 'debe ser al menos {min}',
  moreThan: 'debe ser mayor que {min}',
  atMost: 'debe ser como máximo {max}',
  lessThan: 'debe ser menor que {max}',
  charsAtLeast: 'debe tener al menos {n} caracteres',
  charsAtMost: 'debe tener como máximo {n} caracteres',
  charsExactly: 'debe tener exactamente {n} caracteres',
  itemsAtLeast: 'debe tener al menos {n} elementos',
  itemsAtMost: 'debe tener como máximo {n} elementos',
  oneItem: 'debe tener al menos un elemento',
  multipleOf: 'debe ser múltiplo de {n}',
  oneOf: 'debe ser uno de: {values}',
  format: 'no tiene el formato esperado',
  unknownKeys: 'tiene campos que este formulario no tiene',
  invalid: 'no es válido',
  minutes: '{n} minutos',
  miles: '{n} millas',
  listSeparator: ', ',
};

/** Labels of the fields the field calls' inputs hold (the `es` column of FIELD_LABELS for them). */
export const FIELD_LABELS_ES: Record<string, string> = {
  actions: 'Acciones',
  type: 'Tipo',
  key: 'Clave de la acción',
  at: 'Momento',
  location: 'Ubicación',
  lat: 'Latitud',
  lng: 'Longitud',
  accuracyM: 'Precisión (m)',
  kind: 'Tipo',
  restBreaksTaken: 'Descansos tomados',
  punchId: 'Marcación',
  jobId: 'Trabajo',
  note: 'Nota',
  checklist: 'Lista de tareas',
  id: 'Elemento',
  done: 'Hecho',
  date: 'Fecha',
  teamId: 'Equipo',
  name: 'Nombre del archivo',
  contentBase64: 'Archivo',
  userId: 'Empleado',
  uname: 'Usuario',
  password: 'Contraseña',
};

/** Enum values a field input can name in "must be one of". */
export const VALUE_TITLES_ES: Record<string, string> = {
  punch: 'marcación',
  jobEvent: 'evento del trabajo',
  clockIn: 'entrada',
  clockOut: 'salida',
  mealStart: 'inicio de comida',
  mealEnd: 'fin de comida',
  checkIn: 'llegada',
  checkOut: 'salida del trabajo',
  done: 'hecho',
  note: 'nota',
  checklist: 'lista de tareas',
  key: 'llave',
  alarm: 'alarma',
  gate: 'portón',
  before: 'antes',
  after: 'después',
};

/** Shared validation messages (contract/src/messages.ts) the field inputs and the sign-in can raise. */
export const MESSAGES_ES: Partial<Record<MessageKey, string>> = {
  'rule.required': 'es obligatorio',
  'rule.date': 'debe ser una fecha escrita AAAA-MM-DD',
  'rule.noNul': 'no debe contener un carácter NUL (\\u0000)',
  'rule.noLoneSurrogate': 'no debe contener un sustituto UTF-16 suelto',
  'validation.userNameRequired': 'El usuario es obligatorio',
  'validation.passwordRequired': 'La contraseña es obligatoria',
  'validation.fileNameRequired': 'el nombre del archivo es obligatorio',
  'validation.fileRequired': 'El archivo es obligatorio',
};
