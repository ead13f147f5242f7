extension RecurrencePhrase {
    public init(parsing text: String, today: LocalDate) throws(RecurrenceError) {
        throw RecurrenceError("phrase", "not yet")
    }
    public var summary: String { "" }
}
