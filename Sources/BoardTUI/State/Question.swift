/// The yes/no questions the screens ask, in one wording each: y confirms, n or Esc goes back
/// (`Action.answer`); any other key leaves the question asked and says how to answer.
enum Question {
    /// Answers "Drop your changes?" for a form: true when y left it (the board, "Changes dropped.");
    /// n or Esc closes the question, any other key leaves it asked and says how to answer.
    static func answerDrop(_ answer: Bool?, asking: inout Bool, _ state: inout BoardState) -> Bool {
        switch answer {
        case true?:
            state.mode = .normal
            state.message = "Changes dropped."
            return true
        case false?: asking = false
        case nil: state.message = dropHowToAnswer
        }
        return false
    }

    /// Leaving a form or the template editor with changes.
    static let drop = "Drop your changes? y drops them · n or Esc goes back"
    static let dropHowToAnswer = "y drops your changes · n or Esc goes back to them"

    /// `d` on a checklist step in editing.
    static func removeStep(_ number: Int, _ text: String) -> String { "Remove step \(number) “\(text)”? y removes it · n or Esc keeps it" }
    static let removeStepHowToAnswer = "y removes the step · n or Esc keeps it"
}
