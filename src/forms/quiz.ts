/** Induction quiz: graded in the browser only; nothing here is ever sent. */

export interface QuizGrade {
  score: number
  total: number
  passed: boolean
}

/** Compares pregunta1..preguntaN with the key; passing needs every answer right (spec §9: 11 of 11). */
export function gradeQuiz(key: readonly string[], values: Record<string, unknown>): QuizGrade {
  let score = 0
  key.forEach((answer, i) => {
    if (values[`pregunta${i + 1}`] === answer) score++
  })
  return { score, total: key.length, passed: score === key.length }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** yyyy-MM-dd hh:mm a (12-hour clock, AM/PM as the original en-US date pipe shows it), in the visitor's local time. */
export function formatResultDate(d: Date): string {
  const h12 = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12
  const ampm = d.getHours() < 12 ? 'AM' : 'PM'
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(h12)}:${pad(d.getMinutes())} ${ampm}`
}
