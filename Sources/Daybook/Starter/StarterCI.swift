/// The CI files of a new journal: GitHub Actions to GitHub Pages, or GitLab CI to GitLab Pages.
/// Both build Daybook from source at a pinned tag in the official Swift image (no release binary
/// to trust), check the commit the tag points at, keep the binary and `.daybook/` (and the last
/// output) in the CI cache so a push rebuilds incrementally, and pass a private journal's
/// passwords from CI secrets to the build step alone.
enum StarterCI {
    static func github(_ options: JournalStarter.Options) -> String {
        """
        # Builds the journal with Daybook on every push to main and publishes it on GitHub Pages.
        # Once: in the repository's Settings -> Pages, set "Source" to "GitHub Actions".
        name: Publish

        on:
          push:
            branches: [main]
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # The Daybook release to build, from its source, and the commit its tag must point at:
          # a tag moved to other code stops the job instead of building it.
          DAYBOOK_VERSION: "\(DaybookVersion.string)"
          DAYBOOK_COMMIT: "\(DaybookVersion.sourceCommit)"
          DAYBOOK_SOURCE: \(DaybookVersion.sourceRepository)
          # The journal's dates are read in the zone of daybook.yml; the job's clock shows the same.
          TZ: \(options.timeZone)


        """ + githubJobs()
    }

    static func githubJobs() -> String {
        """
        jobs:
          build:
            runs-on: ubuntu-latest
            container: \(DaybookVersion.swiftImage)
            steps:
              - name: Install what Daybook needs
                run: apt-get update && apt-get install -y --no-install-recommends git ca-certificates libcmark-dev pkg-config libcurl4-openssl-dev
              - uses: actions/checkout@v4
              - name: Restore the Daybook binary
                id: binary
                uses: actions/cache@v4
                with:
                  path: /opt/daybook
                  key: daybook-${{ env.DAYBOOK_VERSION }}-${{ env.DAYBOOK_COMMIT }}-\(DaybookVersion.swiftImage)
              - name: Build Daybook from source
                if: steps.binary.outputs.cache-hit != 'true'
                run: |
                  git clone --depth 1 --branch "v$DAYBOOK_VERSION" "$DAYBOOK_SOURCE" /tmp/daybook
                  actual=$(git -C /tmp/daybook rev-parse HEAD)
                  if [ -z "$DAYBOOK_COMMIT" ]; then
                    echo "::warning::DAYBOOK_COMMIT is empty: set it to $actual (after checking the release notes) to pin this exact code"
                  elif [ "$actual" != "$DAYBOOK_COMMIT" ]; then
                    echo "::error::tag v$DAYBOOK_VERSION is $actual, not $DAYBOOK_COMMIT"; exit 1
                  fi
                  swift build --package-path /tmp/daybook -c release --static-swift-stdlib
                  mkdir -p /opt/daybook && cp /tmp/daybook/.build/release/daybook /opt/daybook/

        """ + githubSiteSteps()
    }

    /// The build job's steps after Daybook is there: the cache, the build, the upload; and the deploy job.
    static func githubSiteSteps() -> String {
        """
              # The build cache and the last output: a push rebuilds only what changed.
              - name: Restore the build cache
                uses: actions/cache@v4
                with:
                  path: |
                    .daybook
                    _site
                  key: journal-${{ github.sha }}
                  restore-keys: journal-
              - name: Find the Pages address
                id: pages
                uses: actions/configure-pages@v5
              - name: Build the site
                env:
                  BASE_URL: ${{ steps.pages.outputs.base_url }}
                  # A private journal: add these as secrets (Settings -> Secrets and variables ->
                  # Actions) and uncomment them. They reach this step only, never the others.
                  # DAYBOOK_PASSWORD: ${{ secrets.DAYBOOK_PASSWORD }}
                  # DAYBOOK_SITE_KEY: ${{ secrets.DAYBOOK_SITE_KEY }}
                  # One more per named reader, e.g. for a reader called alex:
                  # DAYBOOK_PASSWORD_ALEX: ${{ secrets.DAYBOOK_PASSWORD_ALEX }}
                run: /opt/daybook/daybook build . --output _site --base-url "$BASE_URL"
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: _site

          deploy:
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - name: Publish on GitHub Pages
                id: deployment
                uses: actions/deploy-pages@v4

        """
    }

    static func gitlab(_ options: JournalStarter.Options) -> String {
        """
        # Builds the journal with Daybook on every push to the default branch and publishes it on
        # GitLab Pages at $CI_PAGES_URL.
        variables:
          # The Daybook release to build, from its source, and the commit its tag must point at:
          # a tag moved to other code stops the job instead of building it.
          DAYBOOK_VERSION: "\(DaybookVersion.string)"
          DAYBOOK_COMMIT: "\(DaybookVersion.sourceCommit)"
          DAYBOOK_SOURCE: "\(DaybookVersion.sourceRepository)"
          # The journal's dates are read in the zone of daybook.yml; the job's clock shows the same.
          TZ: "\(options.timeZone)"

        pages:
          image: \(DaybookVersion.swiftImage)
          stage: deploy
          cache:
            # The Daybook binary, built once per version.
            - key: daybook-$DAYBOOK_VERSION-$DAYBOOK_COMMIT
              paths:
                - .daybook-bin/
            # The build cache and the last output: a push rebuilds only what changed.
            - key: journal
              paths:
                - .daybook/
                - public/
          before_script:
            - apt-get update && apt-get install -y --no-install-recommends git ca-certificates libcmark-dev pkg-config libcurl4-openssl-dev
            - |
              if [ ! -x .daybook-bin/daybook ]; then
                git clone --depth 1 --branch "v$DAYBOOK_VERSION" "$DAYBOOK_SOURCE" /tmp/daybook
                actual=$(git -C /tmp/daybook rev-parse HEAD)
                if [ -z "$DAYBOOK_COMMIT" ]; then
                  echo "warning: DAYBOOK_COMMIT is empty: set it to $actual (after checking the release notes) to pin this exact code"
                elif [ "$actual" != "$DAYBOOK_COMMIT" ]; then
                  echo "error: tag v$DAYBOOK_VERSION is $actual, not $DAYBOOK_COMMIT"; exit 1
                fi
                swift build --package-path /tmp/daybook -c release --static-swift-stdlib
                mkdir -p .daybook-bin && cp /tmp/daybook/.build/release/daybook .daybook-bin/
              fi
          script:
            # A private journal: add masked, protected CI/CD variables JOURNAL_PASSWORD and
            # JOURNAL_SITE_KEY (Settings -> CI/CD -> Variables) and use this line instead, so
            # Daybook's variables are set for the build command alone
            # (one DAYBOOK_PASSWORD_<READER>="$JOURNAL_PASSWORD_<READER>" more per named reader):
            # - DAYBOOK_PASSWORD="$JOURNAL_PASSWORD" DAYBOOK_SITE_KEY="$JOURNAL_SITE_KEY" .daybook-bin/daybook build . --output public --base-url "$CI_PAGES_URL"
            - .daybook-bin/daybook build . --output public --base-url "$CI_PAGES_URL"
          artifacts:
            paths:
              - public
          rules:
            - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH

        """
    }
}
