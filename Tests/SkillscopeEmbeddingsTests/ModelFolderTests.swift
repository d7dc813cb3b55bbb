import SkillscopeEmbeddings
import Testing

@Suite struct ModelFolderTests {
    @Test func theFlagWinsThenTheEnvironmentThenTheDefault() {
        let environment = ["SKILLSCOPE_MODEL": "/env/model", "HOME": "/home/u"]
        #expect(
            ModelFolder.resolve(flag: "/flag", environment: environment) == ModelFolder(path: "/flag", source: .flag))
        #expect(
            ModelFolder.resolve(flag: nil, environment: environment)
                == ModelFolder(path: "/env/model", source: .environment))
        #expect(
            ModelFolder.resolve(flag: nil, environment: ["HOME": "/home/u"])
                == ModelFolder(
                    path: "/home/u/.local/share/skillscope/models/all-MiniLM-L6-v2", source: .defaultLocation))
    }

    @Test func xdgDataHomeMovesTheDefaultWhenAbsolute() {
        #expect(
            ModelFolder.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
                == "/data/skillscope/models/all-MiniLM-L6-v2")
        #expect(
            ModelFolder.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/skillscope/models/all-MiniLM-L6-v2")
    }

    @Test func aMissingStaticTableSaysToDistill() {
        let folder = ModelFolder(path: "/nonexistent")
        let error = #expect(throws: EmbeddingsError.self) { try StaticEmbedder(modelFolder: folder) }
        #expect(error?.code == .modelMissing)
        #expect(error?.message.contains("vocab.txt") == true)
        let table = #expect(throws: EmbeddingsError.self) { try folder.requireFiles([folder.staticFile]) }
        #expect(table?.message.contains("skillscope model distill") == true)
    }
}
